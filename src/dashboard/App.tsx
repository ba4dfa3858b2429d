// The dashboard: react-admin with our providers, layout and themes; SPEC §2's routes.
// Every screen behind the sign-in loads on demand, so /login downloads only the shell (issue 13).
import { lazy, type ComponentType, type ReactElement } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import { CustomRoutes, Resource, type I18nProvider } from 'react-admin';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { dashboardStore } from './providers/store';
import { darkTheme, lightTheme } from './themes';
import { LayoutOnDemand } from './layout/LayoutOnDemand';
import { LightAdmin } from './layout/LightAdmin';
import { LoadingPage } from './layout/LoadingPage';
import { DelayedNotification } from './layout/DelayedNotification';
import { RouteEffects } from './layout/RouteEffects';
import { RequireAccess } from './common/RequireAccess';
import { NoAccessPage } from './common/NoAccessPage';
import { RequireItem, type ItemRef } from './common/RequireItem';
import { LoginPage } from './pages/LoginPage';
import { ErrorPage, NotFoundPage } from './pages/StatusPages';
import { ACTION_ROUTES } from './actions/actionPaths';
import { AD_ROUTES } from './advertisements/adPaths';
import { SHORT_LINK_ROUTES } from './short-links/shortLinkPaths';
import { LABEL_ROUTES } from './labels/labelPaths';
import { BILLING_PATHS } from './checkout/checkoutPaths';

/** A screen loaded on first use; react-admin's layout shows its loader meanwhile. */
function screen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const CheckoutPlansPage = screen(() => import('./checkout/CheckoutPage'), 'CheckoutPlansPage');
const CheckoutPlanPage = screen(() => import('./checkout/CheckoutPage'), 'CheckoutPlanPage');
const CheckoutActivatedPage = screen(
  () => import('./checkout/CheckoutPage'),
  'CheckoutActivatedPage',
);
const BillingPage = screen(() => import('./billing/BillingPage'), 'BillingPage');
const PlansPage = screen(() => import('./billing/PlansPage'), 'PlansPage');
const SettingsLayout = screen(() => import('./settings/SettingsLayout'), 'SettingsLayout');
const ProfilePage = screen(() => import('./settings/ProfilePage'), 'ProfilePage');
const SecurityPage = screen(() => import('./settings/SecurityPage'), 'SecurityPage');
const WhiteLabelSettingsPage = screen(
  () => import('./settings/WhiteLabelSettingsPage'),
  'WhiteLabelSettingsPage',
);
const AnalyticsSettingsPage = screen(
  () => import('./settings/AnalyticsSettingsPage'),
  'AnalyticsSettingsPage',
);
const UsersSettingsLayout = screen(
  () => import('./settings/users/UsersSettingsLayout'),
  'UsersSettingsLayout',
);
const AccountsPage = screen(() => import('./settings/users/AccountsPage'), 'AccountsPage');
const InvitesPage = screen(() => import('./settings/users/InvitesPage'), 'InvitesPage');
const RegisterTokenPage = screen(() => import('./pages/RegisterTokenPage'), 'RegisterTokenPage');
// Of the pages before sign-in only /login comes with the first download (issue 13, part 9).
const RegisterPage = screen(() => import('./pages/RegisterPage'), 'RegisterPage');
const FirstAdminPage = screen(() => import('./pages/FirstAdminPage'), 'FirstAdminPage');
const PasswordForgetPage = screen(() => import('./pages/PasswordForgetPage'), 'PasswordForgetPage');
const RecoveryPage = screen(() => import('./pages/RecoveryPage'), 'RecoveryPage');
const ProjectList = screen(() => import('./projects/ProjectList'), 'ProjectList');
const ProjectEdit = screen(() => import('./projects/ProjectEdit'), 'ProjectEdit');
const ProjectCreate = screen(() => import('./projects/ProjectCreate'), 'ProjectCreate');
const ProjectUsersEdit = screen(() => import('./projects/ProjectUsersEdit'), 'ProjectUsersEdit');
const ProjectHome = screen(() => import('./projects/ProjectHome'), 'ProjectHome');
const ApiKeysPage = screen(() => import('./api-keys/ApiKeysPage'), 'ApiKeysPage');
const WebhooksPage = screen(() => import('./webhooks/WebhooksPage'), 'WebhooksPage');
const ImportPage = screen(() => import('./import/ImportPage'), 'ImportPage');
const CustomerList = screen(() => import('./customers/CustomerList'), 'CustomerList');
const CustomerCreate = screen(() => import('./customers/CustomerCreate'), 'CustomerCreate');
const CustomerEdit = screen(() => import('./customers/CustomerEdit'), 'CustomerEdit');
const CustomerUsersEdit = screen(
  () => import('./customers/CustomerUsersEdit'),
  'CustomerUsersEdit',
);
const CustomerManageEdit = screen(
  () => import('./customers/CustomerManageEdit'),
  'CustomerManageEdit',
);
const UserCreate = screen(() => import('./users/UserCreate'), 'UserCreate');
const UserEdit = screen(() => import('./users/UserEdit'), 'UserEdit');
const UserProjects = screen(() => import('./users/UserProjects'), 'UserProjects');
const ShortLinkList = screen(() => import('./short-links/ShortLinkList'), 'ShortLinkList');
const ShortLinkCreate = screen(() => import('./short-links/ShortLinkCreate'), 'ShortLinkCreate');
const ShortLinkPage = screen(() => import('./short-links/ShortLinkPage'), 'ShortLinkPage');
const LabelList = screen(() => import('./labels/LabelList'), 'LabelList');
const LabelCreate = screen(() => import('./labels/LabelCreate'), 'LabelCreate');
const LabelEdit = screen(() => import('./labels/LabelEdit'), 'LabelEdit');
const TrashPage = screen(() => import('./trash/TrashPage'), 'TrashPage');
const PagesOverview = screen(() => import('./pages-overview/PagesOverview'), 'PagesOverview');
const ActionList = screen(() => import('./actions/ActionList'), 'ActionList');
const ActionCreate = screen(() => import('./actions/ActionCreate'), 'ActionCreate');
const ActionEdit = screen(() => import('./actions/ActionEdit'), 'ActionEdit');
const ActionQrCodes = screen(() => import('./actions/ActionQrCodes'), 'ActionQrCodes');
const ActionStatistics = screen(() => import('./actions/ActionStatistics'), 'ActionStatistics');
const ActionAuditLogs = screen(() => import('./actions/ActionStatistics'), 'ActionAuditLogs');
const ActionPlacements = screen(() => import('./actions/ActionPlacements'), 'ActionPlacements');
const AdvertisementList = screen(
  () => import('./advertisements/AdvertisementList'),
  'AdvertisementList',
);
const AdvertisementCreate = screen(
  () => import('./advertisements/AdvertisementCreate'),
  'AdvertisementCreate',
);
const AdvertisementEdit = screen(
  () => import('./advertisements/AdvertisementEdit'),
  'AdvertisementEdit',
);
const AdvertisementQrCodes = screen(
  () => import('./advertisements/AdvertisementQrCodes'),
  'AdvertisementQrCodes',
);
const AdvertisementStatistics = screen(
  () => import('./advertisements/AdvertisementStatistics'),
  'AdvertisementStatistics',
);
const AdvertisementAuditLogs = screen(
  () => import('./advertisements/AdvertisementStatistics'),
  'AdvertisementAuditLogs',
);
const ProjectStatisticsPage = screen(
  () => import('./statistics/ProjectStatisticsPage'),
  'ProjectStatisticsPage',
);
const AuditLogListPage = screen(() => import('./audit-logs/AuditLogListPage'), 'AuditLogListPage');
const AuditLogDetailsPage = screen(
  () => import('./audit-logs/AuditLogDetailsPage'),
  'AuditLogDetailsPage',
);
const ProjectAuditLogsPage = screen(
  () => import('./audit-logs/ProjectAuditLogsPage'),
  'ProjectAuditLogsPage',
);
const QrCodeList = screen(() => import('./qr-codes/QrCodeList'), 'QrCodeList');
const QrCodePage = screen(() => import('./qr-codes/QrCodePage'), 'QrCodePage');
const QrCodeWizard = lazy(() => import('./qr-codes/QrCodeCreate'));
const QrCodeTemplateList = screen(
  () => import('./qr-code-templates/QrCodeTemplateList'),
  'QrCodeTemplateList',
);
const QrCodeTemplateCreate = screen(
  () => import('./qr-code-templates/QrCodeTemplateCreate'),
  'QrCodeTemplateCreate',
);
const QrCodeTemplateEdit = screen(
  () => import('./qr-code-templates/QrCodeTemplateEdit'),
  'QrCodeTemplateEdit',
);
const ThemeList = screen(() => import('./themes/ThemeList'), 'ThemeList');
const ThemeCreate = screen(() => import('./themes/ThemeCreate'), 'ThemeCreate');
const ThemeEdit = screen(() => import('./themes/ThemeEdit'), 'ThemeEdit');
const ToThemeDetails = screen(() => import('./themes/ThemeEdit'), 'ToThemeDetails');

/**
 * The paths of screens loaded on demand; the screens' own `.path` statics would pull them into
 * the first download. tests/dashboard/App.test.ts checks these against the statics.
 */
export const LAZY_PATHS = {
  qrCodeList: '/projects/:pid/qr-codes',
  qrCodeWizard: '/projects/:pid/qr-code/create/*',
  qrCodePage: '/projects/:pid/qr-code/:id/*',
  templateList: '/projects/:pid/qrcodes/templates',
  templateCreate: '/projects/:pid/qrcodes/template/toevoegen',
  templateEdit: '/projects/:pid/qrcodes/template/:id/*',
  themeList: '/projects/:pid/themes',
  themeCreate: '/projects/:pid/theme/create',
  themeItem: '/projects/:pid/theme/:id',
  themeEdit: '/projects/:pid/theme/:id/details/edit',
  pages: '/projects/:pid/pages',
  trash: '/projects/:pid/trash/*',
} as const;

const store = dashboardStore();

/** The settings screens not built yet open inside the settings navigation. */

/** The item a route shows, with SPEC §2's back target; by default only the route's `:pid`. */
const item = (resource: string, overview: string): ItemRef => ({
  resource,
  backTo: (pid) => overview.replace(':pid', pid),
});
const ITEMS = {
  project: item('projects', '/projects'),
  customer: item('customers', '/customers'),
  user: item('users', '/settings/users'),
  qrCode: item('qr-codes', LAZY_PATHS.qrCodeList),
  template: item('qr-code-templates', LAZY_PATHS.templateList),
  action: item('actions', ACTION_ROUTES.overview),
  theme: item('themes', LAZY_PATHS.themeList),
  shortLink: item('short-links', SHORT_LINK_ROUTES.overview),
  label: item('labels', LABEL_ROUTES.overview),
  ad: item('advertisements', AD_ROUTES.overview),
};
const IN_PROJECT: ItemRef = { backTo: () => '/projects' };

/** Role and permission first (no-access page), then the project and item (not-found page). */
function guard(rule: string, element: ReactElement, itemRef: ItemRef = IN_PROJECT) {
  return (
    <RequireAccess rule={rule}>
      <RequireItem item={itemRef}>{element}</RequireItem>
    </RequireAccess>
  );
}

/** /projects/:id and /customer/:id open their details (SPEC §2). */
function ToDetails({ base }: { base: string }) {
  const { id = '' } = useParams();
  return <Navigate to={`${base}/${id}/details/edit`} replace />;
}

function ToProjects() {
  return <Navigate to="/projects" replace />;
}

export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <>
      {/* App renders inside the router (main.tsx), so router effects live beside the admin. */}
      <RouteEffects />
      <LightAdmin
        title="QR Hub"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={lightTheme}
        lightTheme={lightTheme}
        darkTheme={darkTheme}
        layout={LayoutOnDemand}
        loginPage={false}
        loading={LoadingPage}
        notification={DelayedNotification}
        catchAll={ToProjects}
        accessDenied={NoAccessPage}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/password/forget" element={<PasswordForgetPage />} />
          <Route path="/recovery" element={<RecoveryPage />} />
          <Route path="/register/:token" element={<RegisterTokenPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/setup" element={<FirstAdminPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/error" element={<ErrorPage />} />
        </CustomRoutes>
        <CustomRoutes>
          {/* Listed explicitly: "/projects/:id" would otherwise outrank the resource's own create route. */}
          <Route path="/projects/create" element={guard('projects.create', <ProjectCreate />)} />
          <Route path="/projects/:id" element={<ToDetails base="/projects" />} />
          <Route
            path="/projects/:id/details/edit"
            element={guard('projects.edit', <ProjectEdit />, ITEMS.project)}
          />
          <Route
            path="/projects/:id/users/edit"
            element={guard('projects.users', <ProjectUsersEdit />, ITEMS.project)}
          />
          <Route path="/projects/:pid/start" element={guard('home.list', <ProjectHome />)} />
          <Route
            path="/projects/:pid/api-keys"
            element={guard('projects.api-keys', <ApiKeysPage />)}
          />
          <Route
            path="/projects/:pid/webhooks"
            element={guard('projects.webhooks', <WebhooksPage />)}
          />
          <Route path="/projects/:pid/import" element={guard('import.list', <ImportPage />)} />
          <Route path="/customer/create" element={guard('customers.create', <CustomerCreate />)} />
          <Route path="/customer/:id" element={<ToDetails base="/customer" />} />
          <Route
            path="/customer/:id/details/edit"
            element={guard('customers.edit', <CustomerEdit />, ITEMS.customer)}
          />
          <Route
            path="/customer/:id/users/edit"
            element={guard('customers.edit', <CustomerUsersEdit />, ITEMS.customer)}
          />
          <Route
            path="/customer/:id/manage"
            element={guard('customers.edit', <CustomerManageEdit />, ITEMS.customer)}
          />
          <Route
            path={BILLING_PATHS.customerBilling}
            element={guard('customers.billing', <BillingPage />)}
          />
          <Route
            path={BILLING_PATHS.checkoutPlans}
            element={guard('checkout.list', <CheckoutPlansPage />)}
          />
          <Route
            path={BILLING_PATHS.checkoutPlan}
            element={guard('checkout.list', <CheckoutPlanPage />)}
          />
          <Route
            path={BILLING_PATHS.checkoutActivated}
            element={guard('checkout.list', <CheckoutActivatedPage />)}
          />
          <Route path={BILLING_PATHS.billing} element={guard('billing.list', <BillingPage />)} />
          <Route path={BILLING_PATHS.plans} element={guard('plans.list', <PlansPage />)} />
          <Route path="/user/add" element={guard('users.create', <UserCreate />)} />
          <Route path="/user/:id" element={<ToDetails base="/user" />} />
          <Route
            path="/user/:id/details/edit"
            element={guard('users.edit', <UserEdit />, ITEMS.user)}
          />
          <Route
            path="/user/:id/projects"
            element={guard('users.edit', <UserProjects />, ITEMS.user)}
          />
          <Route path="/settings" element={<SettingsLayout />}>
            <Route index element={<Navigate to="/settings/profile" replace />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="security" element={<SecurityPage />} />
            <Route path="whitelabel" element={<WhiteLabelSettingsPage />} />
            <Route path="analytics" element={<AnalyticsSettingsPage />} />
            <Route path="audit-logs" element={<AuditLogListPage />} />
            <Route path="audit-logs/:id/details" element={<AuditLogDetailsPage />} />
            <Route path="users" element={<UsersSettingsLayout />}>
              <Route index element={<Navigate to="/settings/users/accounts" replace />} />
              <Route path="accounts" element={<AccountsPage />} />
              <Route path="invites" element={<InvitesPage />} />
            </Route>
          </Route>
          <Route
            path="/projects/:pid/statistics"
            element={guard('projects.statistics', <ProjectStatisticsPage />)}
          />
          <Route
            path="/projects/:pid/auditlogs"
            element={guard('projects.auditlogs', <ProjectAuditLogsPage />)}
          />
          <Route path={LAZY_PATHS.qrCodeList} element={guard('qr-codes.list', <QrCodeList />)} />
          <Route
            path={LAZY_PATHS.qrCodeWizard}
            element={guard('qr-codes.list', <QrCodeWizard />)}
          />
          <Route
            path={LAZY_PATHS.qrCodePage}
            element={guard('qr-codes.list', <QrCodePage />, ITEMS.qrCode)}
          />
          <Route
            path={LAZY_PATHS.templateList}
            element={guard('qr-code-templates.list', <QrCodeTemplateList />)}
          />
          <Route
            path={LAZY_PATHS.templateCreate}
            element={guard('qr-code-templates.list', <QrCodeTemplateCreate />)}
          />
          <Route
            path={LAZY_PATHS.templateEdit}
            element={guard('qr-code-templates.list', <QrCodeTemplateEdit />, ITEMS.template)}
          />
          <Route path={ACTION_ROUTES.overview} element={guard('actions.list', <ActionList />)} />
          <Route path={ACTION_ROUTES.add} element={guard('actions.list', <ActionCreate />)} />
          <Route path={ACTION_ROUTES.item} element={<Navigate to="details/edit" replace />} />
          <Route
            path={ACTION_ROUTES.detailsEdit}
            element={guard('actions.list', <ActionEdit />, ITEMS.action)}
          />
          <Route
            path={ACTION_ROUTES.qrCodes}
            element={guard('actions.list', <ActionQrCodes />, ITEMS.action)}
          />
          <Route
            path={ACTION_ROUTES.statistics}
            element={guard('actions.list', <ActionStatistics />, ITEMS.action)}
          />
          <Route
            path={ACTION_ROUTES.placements}
            element={guard('actions.list', <ActionPlacements />, ITEMS.action)}
          />
          <Route
            path={ACTION_ROUTES.auditLogs}
            element={guard('actions.list', <ActionAuditLogs />, ITEMS.action)}
          />
          <Route path={LAZY_PATHS.themeList} element={guard('themes.list', <ThemeList />)} />
          <Route path={LAZY_PATHS.themeCreate} element={guard('themes.list', <ThemeCreate />)} />
          <Route
            path={LAZY_PATHS.themeItem}
            element={guard('themes.list', <ToThemeDetails />, ITEMS.theme)}
          />
          <Route
            path={LAZY_PATHS.themeEdit}
            element={guard('themes.list', <ThemeEdit />, ITEMS.theme)}
          />
          <Route
            path={SHORT_LINK_ROUTES.overview}
            element={guard('short-links.list', <ShortLinkList />)}
          />
          <Route
            path={SHORT_LINK_ROUTES.add}
            element={guard('short-links.list', <ShortLinkCreate />)}
          />
          <Route
            path={SHORT_LINK_ROUTES.item}
            element={guard('short-links.list', <ShortLinkPage />, ITEMS.shortLink)}
          />
          <Route path={LABEL_ROUTES.overview} element={guard('labels.list', <LabelList />)} />
          <Route path={LABEL_ROUTES.add} element={guard('labels.list', <LabelCreate />)} />
          <Route path={LABEL_ROUTES.item} element={<Navigate to="details/edit" replace />} />
          <Route
            path={LABEL_ROUTES.detailsEdit}
            element={guard('labels.list', <LabelEdit />, ITEMS.label)}
          />
          <Route path={LAZY_PATHS.trash} element={guard('trash.list', <TrashPage />)} />
          <Route path={LAZY_PATHS.pages} element={guard('pages.list', <PagesOverview />)} />
          <Route
            path={AD_ROUTES.overview}
            element={guard('advertisements.list', <AdvertisementList />)}
          />
          <Route
            path={AD_ROUTES.add}
            element={guard('advertisements.list', <AdvertisementCreate />)}
          />
          <Route path={AD_ROUTES.item} element={<Navigate to="details/edit" replace />} />
          <Route
            path={AD_ROUTES.detailsEdit}
            element={guard('advertisements.list', <AdvertisementEdit />, ITEMS.ad)}
          />
          <Route
            path={AD_ROUTES.qrCodes}
            element={guard('advertisements.list', <AdvertisementQrCodes />, ITEMS.ad)}
          />
          <Route
            path={AD_ROUTES.statistics}
            element={guard('advertisements.list', <AdvertisementStatistics />, ITEMS.ad)}
          />
          <Route
            path={AD_ROUTES.auditLogs}
            element={guard('advertisements.list', <AdvertisementAuditLogs />, ITEMS.ad)}
          />
        </CustomRoutes>
        <Resource
          name="projects"
          list={ProjectList}
          create={ProjectCreate}
          recordRepresentation="name"
        />
        <Resource name="customers" list={CustomerList} recordRepresentation="name" />
        {[
          'users',
          'actions',
          'advertisements',
          'qr-codes',
          'qr-code-templates',
          'themes',
          'short-links',
          'labels',
        ].map((name) => (
          <Resource key={name} name={name} recordRepresentation="name" />
        ))}
      </LightAdmin>
    </>
  );
}
