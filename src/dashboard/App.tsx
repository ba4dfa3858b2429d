// The dashboard: react-admin with our providers, layout and themes; SPEC §2's routes.
import { Navigate, Route, useParams } from 'react-router-dom';
import { Admin, CustomRoutes, Resource, type I18nProvider } from 'react-admin';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { dashboardStore } from './providers/store';
import { darkTheme, lightTheme } from './themes';
import { Layout } from './layout/Layout';
import { LoadingPage } from './layout/LoadingPage';
import { DelayedNotification } from './layout/DelayedNotification';
import { RouteEffects } from './layout/RouteEffects';
import { LoginPage } from './pages/LoginPage';
import { PasswordForgetPage } from './pages/PasswordForgetPage';
import { RecoveryPage } from './pages/RecoveryPage';
import { ErrorPage, NotFoundPage } from './pages/StatusPages';
import { ComingSoonPage } from './pages/ComingSoonPage';
import { ProfilePage } from './settings/ProfilePage';
import { SecurityPage } from './settings/SecurityPage';
import { AnalyticsSettingsPage } from './settings/AnalyticsSettingsPage';
import projects from './projects';
import { ProjectEdit } from './projects/ProjectEdit';
import { ProjectCreate } from './projects/ProjectCreate';
import { ProjectUsersEdit } from './projects/ProjectUsersEdit';
import { ProjectHome } from './projects/ProjectHome';
import customers from './customers';
import { CustomerCreate } from './customers/CustomerCreate';
import { CustomerEdit } from './customers/CustomerEdit';
import { CustomerUsersEdit } from './customers/CustomerUsersEdit';
import { CustomerManageEdit } from './customers/CustomerManageEdit';
import users from './users';
import { UserCreate } from './users/UserCreate';
import { UserEdit } from './users/UserEdit';
import { UserProjects } from './users/UserProjects';
import { COMING_SOON_PATHS } from './menuEntries';
import shortLinks, {
  SHORT_LINK_ROUTES,
  ShortLinkCreate,
  ShortLinkList,
  ShortLinkPage,
} from './short-links';
import labels, { LABEL_ROUTES, LabelCreate, LabelEdit, LabelList } from './labels';
import { TRASH_ROUTE, TrashPage } from './trash';
import { PagesOverview } from './pages-overview';
import actions, {
  ACTION_ROUTES,
  ActionAuditLogs,
  ActionCreate,
  ActionEdit,
  ActionList,
  ActionQrCodes,
  ActionStatistics,
} from './actions';
import advertisements, {
  AD_ROUTES,
  AdvertisementAuditLogs,
  AdvertisementCreate,
  AdvertisementEdit,
  AdvertisementList,
  AdvertisementQrCodes,
  AdvertisementStatistics,
} from './advertisements';
import { ProjectStatisticsPage } from './statistics/ProjectStatisticsPage';
import { AuditLogListPage } from './audit-logs/AuditLogListPage';
import { AuditLogDetailsPage } from './audit-logs/AuditLogDetailsPage';
import { ProjectAuditLogsPage } from './audit-logs/ProjectAuditLogsPage';
import qrCodes, { QrCodeList, QrCodePage, QrCodeWizard, QR_CODE_WIZARD_PATH } from './qr-codes';
import qrCodeTemplates, {
  QrCodeTemplateCreate,
  QrCodeTemplateEdit,
  QrCodeTemplateList,
} from './qr-code-templates';
// './themes' alone is the MUI look (themes.ts); the resource folder needs its index.
import themes, { ThemeCreate, ThemeEdit, ThemeList, ToThemeDetails } from './themes/index';

const store = dashboardStore();

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
      {/* App renders inside the router (main.tsx), so router effects live beside <Admin>. */}
      <RouteEffects />
      <Admin
        title="QR Hub"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={lightTheme}
        lightTheme={lightTheme}
        darkTheme={darkTheme}
        layout={Layout}
        loginPage={false}
        loading={LoadingPage}
        notification={DelayedNotification}
        catchAll={ToProjects}
        requireAuth
        disableTelemetry
      >
        <CustomRoutes noLayout>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/password/forget" element={<PasswordForgetPage />} />
          <Route path="/recovery" element={<RecoveryPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/error" element={<ErrorPage />} />
        </CustomRoutes>
        <CustomRoutes>
          {/* Listed explicitly: "/projects/:id" would otherwise outrank the resource's own create route. */}
          <Route path="/projects/create" element={<ProjectCreate />} />
          <Route path="/projects/:id" element={<ToDetails base="/projects" />} />
          <Route path="/projects/:id/details/edit" element={<ProjectEdit />} />
          <Route path="/projects/:id/users/edit" element={<ProjectUsersEdit />} />
          <Route path="/projects/:pid/start" element={<ProjectHome />} />
          <Route path="/customer/create" element={<CustomerCreate />} />
          <Route path="/customer/:id" element={<ToDetails base="/customer" />} />
          <Route path="/customer/:id/details/edit" element={<CustomerEdit />} />
          <Route path="/customer/:id/users/edit" element={<CustomerUsersEdit />} />
          <Route path="/customer/:id/manage" element={<CustomerManageEdit />} />
          <Route path="/user/add" element={<UserCreate />} />
          <Route path="/user/:id" element={<ToDetails base="/user" />} />
          <Route path="/user/:id/details/edit" element={<UserEdit />} />
          <Route path="/user/:id/projects" element={<UserProjects />} />
          <Route path="/settings" element={<Navigate to="/settings/profile" replace />} />
          <Route path="/settings/profile" element={<ProfilePage />} />
          <Route path="/settings/security" element={<SecurityPage />} />
          <Route path="/settings/analytics" element={<AnalyticsSettingsPage />} />
          <Route path="/settings/audit-logs" element={<AuditLogListPage />} />
          <Route path="/settings/audit-logs/:id/details" element={<AuditLogDetailsPage />} />
          <Route path="/projects/:pid/statistics" element={<ProjectStatisticsPage />} />
          <Route path="/projects/:pid/auditlogs" element={<ProjectAuditLogsPage />} />
          <Route path={QrCodeList.path} element={<QrCodeList />} />
          <Route path={QR_CODE_WIZARD_PATH} element={<QrCodeWizard />} />
          <Route path={QrCodePage.path} element={<QrCodePage />} />
          <Route path={QrCodeTemplateList.path} element={<QrCodeTemplateList />} />
          <Route path={QrCodeTemplateCreate.path} element={<QrCodeTemplateCreate />} />
          <Route path={QrCodeTemplateEdit.path} element={<QrCodeTemplateEdit />} />
          <Route path={ACTION_ROUTES.overview} element={<ActionList />} />
          <Route path={ACTION_ROUTES.add} element={<ActionCreate />} />
          <Route path={ACTION_ROUTES.item} element={<Navigate to="details/edit" replace />} />
          <Route path={ACTION_ROUTES.detailsEdit} element={<ActionEdit />} />
          <Route path={ACTION_ROUTES.qrCodes} element={<ActionQrCodes />} />
          <Route path={ACTION_ROUTES.statistics} element={<ActionStatistics />} />
          <Route path={ACTION_ROUTES.auditLogs} element={<ActionAuditLogs />} />
          <Route path={ThemeList.path} element={<ThemeList />} />
          <Route path={ThemeCreate.path} element={<ThemeCreate />} />
          <Route path={ToThemeDetails.path} element={<ToThemeDetails />} />
          <Route path={ThemeEdit.path} element={<ThemeEdit />} />
          <Route path={SHORT_LINK_ROUTES.overview} element={<ShortLinkList />} />
          <Route path={SHORT_LINK_ROUTES.add} element={<ShortLinkCreate />} />
          <Route path={SHORT_LINK_ROUTES.item} element={<ShortLinkPage />} />
          <Route path={LABEL_ROUTES.overview} element={<LabelList />} />
          <Route path={LABEL_ROUTES.add} element={<LabelCreate />} />
          <Route path={LABEL_ROUTES.item} element={<Navigate to="details/edit" replace />} />
          <Route path={LABEL_ROUTES.detailsEdit} element={<LabelEdit />} />
          <Route path={TRASH_ROUTE} element={<TrashPage />} />
          <Route path={PagesOverview.path} element={<PagesOverview />} />
          <Route path={AD_ROUTES.overview} element={<AdvertisementList />} />
          <Route path={AD_ROUTES.add} element={<AdvertisementCreate />} />
          <Route path={AD_ROUTES.item} element={<Navigate to="details/edit" replace />} />
          <Route path={AD_ROUTES.detailsEdit} element={<AdvertisementEdit />} />
          <Route path={AD_ROUTES.qrCodes} element={<AdvertisementQrCodes />} />
          <Route path={AD_ROUTES.statistics} element={<AdvertisementStatistics />} />
          <Route path={AD_ROUTES.auditLogs} element={<AdvertisementAuditLogs />} />
          {COMING_SOON_PATHS.map((path) => (
            <Route key={path} path={path} element={<ComingSoonPage />} />
          ))}
        </CustomRoutes>
        <Resource name="projects" {...projects} />
        <Resource name="customers" {...customers} />
        <Resource name="users" {...users} />
        <Resource name="actions" {...actions} />
        <Resource name="advertisements" {...advertisements} />
        <Resource name="qr-codes" {...qrCodes} />
        <Resource name="qr-code-templates" {...qrCodeTemplates} />
        <Resource name="themes" {...themes} />
        <Resource name="short-links" {...shortLinks} />
        <Resource name="labels" {...labels} />
      </Admin>
    </>
  );
}
