import { createContext, useContext, useEffect } from 'react';

/**
 * What a page puts in <head> besides <title> and <meta> (which React hoists by itself): structured
 * data. When prerendering, the collector receives it so the script writes it into the HTML's head;
 * in the browser, JsonLd keeps one <script type="application/ld+json"> per id in document.head.
 */
export interface HeadCollector {
  addJsonLd(id: string, json: string): void;
}

export const HeadCollectorContext = createContext<HeadCollector | null>(null);

/** JSON for a <script> element: '<' is escaped so the text can never close the element. */
const jsonForScript = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

const selector = (id: string) => `script[type="application/ld+json"][data-ld="${id}"]`;

/** Structured data (schema.org JSON-LD) for search engines, placed in the document head. */
export function JsonLd({ id, data }: { id: string; data: object }) {
  const json = jsonForScript(data);
  const collector = useContext(HeadCollectorContext);
  collector?.addJsonLd(id, json);

  useEffect(() => {
    // The prerendered page already has it; otherwise add it. Removed when the page goes away.
    let script = document.head.querySelector<HTMLScriptElement>(selector(id));
    if (!script) {
      script = document.createElement('script');
      script.type = 'application/ld+json';
      script.dataset.ld = id;
      document.head.appendChild(script);
    }
    if (script.textContent !== json) script.textContent = json;
    const element = script;
    return () => element.remove();
  }, [id, json]);

  return null;
}
