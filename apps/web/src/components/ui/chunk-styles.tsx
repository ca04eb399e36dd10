/**
 * Styles that travel in a lazily loaded page's own chunk (import them with `?inline`) instead of the
 * site-wide stylesheet every prerendered public page inlines (vite.config.ts: cssCodeSplit off), so
 * that signed-in pages and the dashboard add nothing to the public pages. React hoists the <style>
 * into <head> before the page shows, once however often it renders.
 */
export function ChunkStyles({ name, css }: { name: string; css: string }) {
  return (
    <style href={name} precedence="default">
      {css}
    </style>
  );
}
