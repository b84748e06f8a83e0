// /main/event (SPEC §2 Announcement list); see features/content/components/event-list-page.
export { EventListPage as Component } from '../../features/content/components/event-list-page';
