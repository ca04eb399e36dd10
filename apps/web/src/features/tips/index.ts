export { tipArticles } from './meta';
