/** A matchMedia for a screen `width` px wide, understanding (max-width: Npx) and (min-width: Npx). */
export function setScreenWidth(width: number) {
  const evaluate = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    if (max && width > Number(max[1])) return false;
    if (min && width < Number(min[1])) return false;
    return Boolean(max || min);
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: evaluate(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

/** Back to the test window's own matchMedia and width. */
export function resetScreen() {
  Reflect.deleteProperty(window, 'matchMedia');
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1024 });
}
