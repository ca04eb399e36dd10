import { PageTitle } from './page-title';

/** The document title and meta description of a page (React hoists both into <head>). */
export function PageMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <meta name="description" content={description} />
    </>
  );
}
