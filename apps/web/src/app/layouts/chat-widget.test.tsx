import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetScreen, setScreenWidth } from '../../test/media';
import { CHAT_SCRIPT_ID } from './chat';
import { ChatWidget } from './chat-widget';

const config = { url: 'https://chat.example/widget.js', selector: '#chat-widget-container' };

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <ChatWidget config={config} /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const script = () => document.getElementById(CHAT_SCRIPT_ID) as HTMLScriptElement | null;
const offset = () => document.documentElement.style.getPropertyValue('--chat-offset');

afterEach(() => {
  script()?.remove();
  document.getElementById('chat-widget-style')?.remove();
  document.documentElement.style.removeProperty('--chat-offset');
  delete document.documentElement.dataset.chat;
  resetScreen();
});

describe('the live-chat widget', () => {
  it('injects the script once and sets the offset for the page', async () => {
    setScreenWidth(1280);
    const router = renderAt('/');
    expect(script()?.src).toBe(config.url);
    expect(offset()).toBe('7px');
    await act(() => router.navigate('/consult'));
    expect(document.querySelectorAll(`#${CHAT_SCRIPT_ID}`)).toHaveLength(1);
    expect(offset()).toBe('10px');
  });

  it('uses 22px on small screens', () => {
    setScreenWidth(375);
    renderAt('/contact');
    expect(offset()).toBe('22px');
  });

  it('removes the script and the widget on /profile, and brings it back after', async () => {
    const router = renderAt('/');
    const widget = document.createElement('div');
    widget.id = 'chat-widget-container';
    document.body.append(widget);
    await act(() => router.navigate('/profile'));
    expect(script()).toBeNull();
    expect(document.getElementById('chat-widget-container')).toBeNull();
    expect(document.documentElement.dataset.chat).toBe('off');
    await act(() => router.navigate('/'));
    expect(script()).not.toBeNull();
    expect(document.documentElement.dataset.chat).toBe('on');
  });
});
