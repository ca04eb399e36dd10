import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client';

/**
 * The optional live-chat widget (docs/product.md, Public site). It exists only when the server sets
 * CHAT_WIDGET_URL (GET /api/site-config); by default there is no widget and no third party.
 */

/** Distance of the widget from the bottom of the screen, in px. */
const CHAT_OFFSET = { default: 7, smallScreen: 22, consult: 10 } as const;
/** Screens this wide or narrower count as small for the widget. */
export const CHAT_SMALL_SCREEN_MAX = 640;

/** The widget's offset on a page: 10 on /consult, else 22 on screens up to 640px wide, else 7. */
export function chatOffset(pathname: string, viewportWidth: number): number {
  if (/^\/consult(\/|$)/i.test(pathname)) return CHAT_OFFSET.consult;
  return viewportWidth <= CHAT_SMALL_SCREEN_MAX ? CHAT_OFFSET.smallScreen : CHAT_OFFSET.default;
}

/** The widget is removed on the profile page. */
export const chatAllowedOn = (pathname: string) => !/^\/profile(\/|$)/i.test(pathname);

const DEFAULT_CHAT_SELECTOR = '#chat-widget-container, [data-chat-widget]';
export const CHAT_SCRIPT_ID = 'chat-widget-script';

export type ChatConfig = { url: string; selector: string } | null;

/**
 * The widget's script address, from the server (CHAT_WIDGET_URL), which also allows it in its CSP;
 * null until it answers and when there is none.
 */
export function useServerChatConfig(): ChatConfig {
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
