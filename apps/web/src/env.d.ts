/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** CSS selector of the element the chat widget adds to the page (for its offset and removal). */
  readonly VITE_CHAT_WIDGET_SELECTOR?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_CAREERS_EMAIL?: string;
  readonly VITE_HQ_ADDRESS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
