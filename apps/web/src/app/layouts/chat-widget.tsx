import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { CHAT_SCRIPT_ID, CHAT_SMALL_SCREEN_MAX, chatAllowedOn, chatOffset, type ChatConfig } from './chat';

const STYLE_ID = 'chat-widget-style';

/** Positions the widget through --chat-offset on <html>; hides it where it is not wanted. */
function ensureStyle(selector: string) {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = [
    `:where(${selector}) { bottom: var(--chat-offset, 7px) !important; }`,
    `html[data-chat='off'] :where(${selector}) { display: none !important; }`,
  ].join('\n');
  document.head.append(style);
}

/**
 * Loads the configured live-chat script once; removes it (and what it added) on /profile and loads
 * it again after. Sets --chat-offset for the page and screen width.
 */
export function ChatWidget({ config }: { config: NonNullable<ChatConfig> }) {
  const { pathname } = useLocation();
  const allowed = chatAllowedOn(pathname);

  useEffect(() => {
    const root = document.documentElement;
    const update = () => root.style.setProperty('--chat-offset', `${chatOffset(pathname, window.innerWidth)}px`);
    update();
    const small = window.matchMedia?.(`(max-width: ${CHAT_SMALL_SCREEN_MAX}px)`);
    small?.addEventListener?.('change', update);
    return () => small?.removeEventListener?.('change', update);
  }, [config, pathname]);

  useEffect(() => {
    ensureStyle(config.selector);
    const root = document.documentElement;
    if (!allowed) {
      root.dataset.chat = 'off';
      document.getElementById(CHAT_SCRIPT_ID)?.remove();
      document.querySelectorAll(config.selector).forEach((element) => element.remove());
      return;
    }
    root.dataset.chat = 'on';
    if (document.getElementById(CHAT_SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = CHAT_SCRIPT_ID;
    script.src = config.url;
    script.async = true;
    document.body.append(script);
  }, [config, allowed]);

  return null;
}
