import { brand } from '../../lib/brand';

/** The document title of a page (React hoists <title> into <head>). */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} | ${brand.name}`}</title>;
}
