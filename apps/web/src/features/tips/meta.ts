import type { TipSlug } from '@app/shared';

/** The tip articles (docs/product.md, Public site): what lists and links need, without the article texts. */
export interface TipArticleMeta {
  slug: TipSlug;
  path: string;
  title: string;
  /** The navigation label (docs/product.md, Public site). */
  label: string;
  summary: string;
  /** Stated reading time in minutes (docs/product.md, Public site: 3 or 4). */
  readMinutes: 3 | 4;
  /** The call to action that ends the article. */
  cta: 'Start a Visit' | 'Book a Visit';
}

export const tipArticles: TipArticleMeta[] = [
  {
    slug: 'caregiver-support',
    path: '/tips/caregiver-support',
    title: 'Caring for someone else? How virtual doctors can lighten the load',
    label: 'Caregiver Support Tips',
    summary: 'Practical ways caregivers can use virtual visits to keep a loved one’s care on track, and look after themselves too.',
    readMinutes: 4,
    cta: 'Book a Visit',
  },
  {
    slug: 'first-visit',
    path: '/tips/first-visit',
    title: 'What to expect at your first telehealth visit',
    label: 'What To Expect (First Visit)',
    summary:
      'How a virtual visit works from start to finish, what to have ready, and how to get the most out of your time with the doctor.',
    readMinutes: 3,
    cta: 'Start a Visit',
  },
  {
    slug: 'preventive-care',
    path: '/tips/preventive-care',
    title: 'Building a preventive care routine that sticks',
    label: 'Preventive Care Routine',
    summary: 'Small, steady habits and the right screenings at the right age: a simple routine to help you stay well year-round.',
    readMinutes: 4,
    cta: 'Book a Visit',
  },
];

export const findTipArticle = (slug: TipArticleMeta['slug']) => tipArticles.find((a) => a.slug === slug)!;
