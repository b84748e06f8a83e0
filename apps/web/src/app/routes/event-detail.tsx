// /main/event/detail/{id} (SPEC §2 Announcement detail); see
// features/content/components/article-detail-page. DOMPurify loads with this route only.
export { ArticleDetailPage as Component } from '../../features/content/components/article-detail-page';
