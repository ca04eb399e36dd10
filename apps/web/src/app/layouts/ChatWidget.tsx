import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { CHAT_SCRIPT_ID, CHAT_SMALL_SCREEN_MAX, DEFAULT_CHAT_SELECTOR, chatAllowedOn, chatOffset } from './chat';

const STYLE_ID = 'chat-widget-style';

type ChatConfig = { url: string; selector: string } | null;

/** The script address comes from the server (CHAT_WIDGET_URL), which also allows it in its CSP. */
function useServerChatConfig(): ChatConfig {
  const [config, setConfig] = useState<ChatConfig>(null);
  useEffect(() => {
    let live = true;
    apiRequest<{ chatWidgetUrl: string | null }>('/api/site-config', { quiet: true })
      .then(({ chatWidgetUrl }) => {
        const selector = import.meta.env.VITE_CHAT_WIDGET_SELECTOR?.trim() || DEFAULT_CHAT_SELECTOR;
        if (live && chatWidgetUrl) setConfig({ url: chatWidgetUrl, selector });
      })
      // No configuration, no widget: the rest of the page does not depend on it.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return config;
}

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
 * Loads the live-chat script once, when configured; removes it (and what it added) on /profile and
 * loads it again after. Sets --chat-offset for the page and screen width.
 */
export function ChatWidget() {
  return <ChatWidgetScript config={useServerChatConfig()} />;
}

export function ChatWidgetScript({ config }: { config: ChatConfig }) {
  const { pathname } = useLocation();
  const allowed = chatAllowedOn(pathname);

  useEffect(() => {
    if (!config) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--chat-offset', `${chatOffset(pathname, window.innerWidth)}px`);
    update();
    const small = window.matchMedia?.(`(max-width: ${CHAT_SMALL_SCREEN_MAX}px)`);
    small?.addEventListener?.('change', update);
    return () => small?.removeEventListener?.('change', update);
  }, [config, pathname]);

  useEffect(() => {
    if (!config) return;
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
