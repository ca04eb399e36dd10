/**
 * The optional live-chat widget (spec 1 §2.4 'Footer'). It exists only when the server sets
 * CHAT_WIDGET_URL (GET /api/site-config); by default there is no widget and no third party.
 */

/** Distance of the widget from the bottom of the screen, in px. */
export const CHAT_OFFSET = { default: 7, smallScreen: 22, consult: 10 } as const;
/** Screens this wide or narrower count as small for the widget. */
export const CHAT_SMALL_SCREEN_MAX = 640;

/** The widget's offset on a page: 10 on /consult, else 22 on screens up to 640px wide, else 7. */
export function chatOffset(pathname: string, viewportWidth: number): number {
  if (/^\/consult(\/|$)/i.test(pathname)) return CHAT_OFFSET.consult;
  return viewportWidth <= CHAT_SMALL_SCREEN_MAX ? CHAT_OFFSET.smallScreen : CHAT_OFFSET.default;
}

/** The widget is removed on the profile page. */
export const chatAllowedOn = (pathname: string) => !/^\/profile(\/|$)/i.test(pathname);

export const DEFAULT_CHAT_SELECTOR = '#chat-widget-container, [data-chat-widget]';
export const CHAT_SCRIPT_ID = 'chat-widget-script';
