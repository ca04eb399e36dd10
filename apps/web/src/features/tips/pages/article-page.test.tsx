import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/helpers';
import { tipArticles } from '../meta';
import ArticlePage from './article-page';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('tip articles', { timeout: 20_000 }, () => {
  for (const article of tipArticles) {
    it(`${article.path}: a real article with its read time and a call to action`, () => {
      renderAt(article.path, <ArticlePage slug={article.slug} />);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(article.title);
      expect(screen.getByText(`${article.readMinutes} min read`)).toBeInTheDocument();
      expect([3, 4]).toContain(article.readMinutes);
      const body = document.querySelector('.article__body')!;
      const text = [...body.children]
        .filter((el) => !el.matches('aside, nav'))
        .map((el) => el.textContent)
        .join(' ');
      expect(words(text)).toBeGreaterThanOrEqual(500);
      expect(words(text)).toBeLessThanOrEqual(800);
      const cta = [...document.querySelectorAll('a')].find((a) => a.textContent === article.cta)!;
      expect(cta.getAttribute('href')).toBe('/consult');
      expect(document.head.querySelector('script[data-ld="article"]')).not.toBeNull();
    });
  }

  it('uses both stated read times, 3 and 4 minutes', () => {
    expect(new Set(tipArticles.map((a) => a.readMinutes))).toEqual(new Set([3, 4]));
  });

  it('sends a signed-in reader to /profile', () => {
    window.sessionStorage.setItem('authUser', JSON.stringify({ email: 'pat@example.com', verified: true }));
    window.sessionStorage.setItem('authToken', 'token');
    renderAt('/tips/first-visit', <ArticlePage slug="first-visit" />);
    const cta = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Start a Visit')!;
    expect(cta.getAttribute('href')).toBe('/visits/new');
  });
});
