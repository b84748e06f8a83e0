// /main/event/detail/{id} (docs/product/content.md#announcement-detail); see
// features/content/components/article-detail-page. DOMPurify loads with this route only.
export { ArticleDetailPage as Component } from '../../features/content/components/article-detail-page';
