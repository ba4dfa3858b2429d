// Pages (SPEC §1, §2 pagesOverview): the hosted landing pages of a project.
export { PagesOverview } from './PagesOverview';
export { PAGE_KINDS, pagesPath } from './pageKinds';
