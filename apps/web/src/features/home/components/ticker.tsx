/**
 * The scrolling messages under the hero. The list is read once by screen readers; a second,
 * hidden copy makes the loop seamless. CSS moves it, pauses it on hover and focus, and stops it
 * under reduced motion (where the hero leaves it out altogether).
 */
export function Ticker({ messages, paused }: { messages: string[]; paused: boolean }) {
  return (
    <div className="ticker" data-paused={paused || undefined}>
      <div className="ticker__track">
        <ul className="ticker__list">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
        <ul className="ticker__list" aria-hidden="true">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
