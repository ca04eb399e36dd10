/**
 * Resolves when the element with this id comes within `margin` of the viewport. Resolves at once
 * when there is no such element yet (the page is being rendered in the browser, not hydrated), when
 * prerendering, and where IntersectionObserver is missing.
 */
export function nearViewport(id: string, margin = '800px'): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  const element = document.getElementById(id);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
  });
}
