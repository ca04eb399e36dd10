export { findTipArticle, tipArticles, type TipArticleMeta } from './meta';
