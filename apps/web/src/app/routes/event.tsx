// /main/event (docs/product/content.md#announcement-tabs); see features/content/components/event-list-page.
export { EventListPage as Component } from '../../features/content/components/event-list-page';
