/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** CSS selector of the element the chat widget adds to the page (for its offset and removal). */
  readonly VITE_CHAT_WIDGET_SELECTOR?: string;
  // The brand, read at build time from the server's own variables (vite.config.ts: envPrefix).
  readonly BRAND_NAME?: string;
  readonly SUPPORT_EMAIL?: string;
  readonly SUPPORT_PHONE?: string;
  readonly CAREERS_EMAIL?: string;
  readonly HQ_ADDRESS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
