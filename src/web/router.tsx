import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { HOSTING_CATEGORY } from '../common/billing/billing.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { PageLoader } from './components/PageLoader.tsx';
import { RequireAuth } from './session/RequireAuth.tsx';
import { useSession } from './session/SessionProvider.tsx';

const LoginPage = lazy(() => import('./pages/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('./pages/auth/RegisterPage.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/auth/ResetPasswordPage.tsx'));
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage.tsx'));
const ProfilePage = lazy(() => import('./pages/profile/ProfilePage.tsx'));
const CreateAccountPage = lazy(() => import('./pages/accounts/CreateAccountPage.tsx'));
const AccountSettingsPage = lazy(() => import('./pages/accounts/AccountSettingsPage.tsx'));
const AcceptInvitationPage = lazy(() => import('./pages/accounts/AcceptInvitationPage.tsx'));
const NewTicketPage = lazy(() => import('./pages/tickets/NewTicketPage.tsx'));
const TicketsPage = lazy(() => import('./pages/tickets/TicketsPage.tsx'));
const TicketDetailPage = lazy(() => import('./pages/tickets/TicketDetailPage.tsx'));
const ServicesPage = lazy(() => import('./pages/services/ServicesPage.tsx'));
const ServiceDetailPage = lazy(() => import('./pages/services/ServiceDetailPage.tsx'));
const BillingPage = lazy(() => import('./pages/billing/BillingPage.tsx'));
const TestCheckoutPage = lazy(() => import('./pages/testMode/TestCheckoutPage.tsx'));
const TestPortalPage = lazy(() => import('./pages/testMode/TestPortalPage.tsx'));
const DomainSearchPage = lazy(() => import('./pages/domains/DomainSearchPage.tsx'));
const DomainRegisterPage = lazy(() => import('./pages/domains/DomainRegisterPage.tsx'));
const DomainsPage = lazy(() => import('./pages/domains/DomainsPage.tsx'));
const DomainDetailPage = lazy(() => import('./pages/domains/DomainDetailPage.tsx'));
const DomainOrderPage = lazy(() => import('./pages/domains/DomainOrderPage.tsx'));
const DomainOrdersPage = lazy(() => import('./pages/domains/DomainOrdersPage.tsx'));
const AdminDashboardPage = lazy(() => import('./pages/admin/dashboard/AdminDashboardPage.tsx'));
const AdminUsersPage = lazy(() => import('./pages/admin/users/AdminUsersPage.tsx'));
const AdminUserDetailPage = lazy(() => import('./pages/admin/users/AdminUserDetailPage.tsx'));
const AdminAccountsPage = lazy(() => import('./pages/admin/accounts/AdminAccountsPage.tsx'));
const AdminAccountDetailPage = lazy(() => import('./pages/admin/accounts/AdminAccountDetailPage.tsx'));
const AdminProductsPage = lazy(() => import('./pages/admin/products/AdminProductsPage.tsx'));
const AdminOrdersPage = lazy(() => import('./pages/admin/orders/AdminOrdersPage.tsx'));
const AdminFailedOrdersPage = lazy(() => import('./pages/admin/orders/AdminFailedOrdersPage.tsx'));
const AdminOrderDetailPage = lazy(() => import('./pages/admin/orders/AdminOrderDetailPage.tsx'));
const ProvisioningQueuePage = lazy(() => import('./pages/admin/provisioningQueue/ProvisioningQueuePage.tsx'));
const ProvisioningStepPage = lazy(() => import('./pages/admin/provisioningQueue/ProvisioningStepPage.tsx'));
const AdminTicketsPage = lazy(() => import('./pages/admin/support/AdminTicketsPage.tsx'));
const AdminTicketDetailPage = lazy(() => import('./pages/admin/support/AdminTicketDetailPage.tsx'));
const AdminMailPage = lazy(() => import('./pages/admin/mail/AdminMailPage.tsx'));
const AdminMailMessagePage = lazy(() => import('./pages/admin/mail/AdminMailMessagePage.tsx'));
const AdminEventsDashboardPage = lazy(() => import('./pages/admin/events/EventsDashboardPage.tsx'));
const AdminEventsListPage = lazy(() => import('./pages/admin/events/EventsListPage.tsx'));
const AdminTestEventsPage = lazy(() => import('./pages/admin/events/TestEventsPage.tsx'));
const AdminWebhooksPage = lazy(() => import('./pages/admin/webhooks/WebhooksPage.tsx'));
const AdminFlowDesignerPage = lazy(() => import('./pages/admin/flows/FlowDesignerPage.tsx'));
const AdminDeliveriesPage = lazy(() => import('./pages/admin/deliveries/DeliveriesPage.tsx'));
const AdminDeliveryPage = lazy(() => import('./pages/admin/deliveries/DeliveryPage.tsx'));
const AdminAuditPage = lazy(() => import('./pages/admin/audit/AdminAuditPage.tsx'));
const AdminPortfolioSyncPage = lazy(() => import('./pages/admin/portfolio/AdminPortfolioSyncPage.tsx'));
const AdminWhoisLookupPage = lazy(() => import('./pages/admin/whois/AdminWhoisLookupPage.tsx'));
const AdminRegistrarsPage = lazy(() => import('./pages/admin/registrars/AdminRegistrarsPage.tsx'));
const AdminServersPage = lazy(() => import('./pages/admin/servers/AdminServersPage.tsx'));
const AdminHostingServicesPage = lazy(() => import('./pages/admin/hostingServices/AdminHostingServicesPage.tsx'));
const AdminHostingServicePage = lazy(() => import('./pages/admin/hostingServices/AdminHostingServicePage.tsx'));
const AdminDomainDetailPage = lazy(() => import('./pages/admin/domains/detail/AdminDomainDetailPage.tsx'));
const AdminDomainsPage = lazy(() => import('./pages/admin/domains/AdminDomainsPage.tsx'));
const AdminBulkMapPage = lazy(() => import('./pages/admin/domains/BulkMapPage.tsx'));
const AdminHostingImportPage = lazy(() => import('./pages/admin/hostingImport/HostingImportPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));

const page = (element: ReactNode) => <Suspense fallback={<PageLoader />}>{element}</Suspense>;
const guarded = (element: ReactNode) => <RequireAuth>{page(element)}</RequireAuth>;

/** Unknown paths: the home view when signed in, else the login page. */
function UnknownRoute() {
  const { loading, user } = useSession();
  if (loading) return <PageLoader label="Loading authentication..." />;
  return <Navigate to={user ? '/' : '/login'} replace />;
}

/** The route table: public pages, pages behind sign-in, and the fallbacks. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/login" element={page(<LoginPage />)} />
        <Route path="/register" element={page(<RegisterPage />)} />
        <Route path="/reset-password" element={page(<ResetPasswordPage />)} />
        <Route path="/accept-invitation/:invitationId" element={page(<AcceptInvitationPage />)} />
        <Route path="/accept-invitation" element={page(<AcceptInvitationPage />)} />
        <Route path="/" element={guarded(<DashboardPage />)} />
        <Route path="/profile" element={guarded(<ProfilePage />)} />
        <Route path="/create-account" element={guarded(<CreateAccountPage />)} />
        <Route path="/account-settings" element={guarded(<AccountSettingsPage />)} />
        <Route path="/tickets/new" element={guarded(<NewTicketPage />)} />
        <Route path="/tickets" element={guarded(<TicketsPage />)} />
        <Route path="/tickets/:ticketId" element={guarded(<TicketDetailPage />)} />
        <Route path="/services" element={guarded(<ServicesPage key="all" />)} />
        <Route path="/services/hosting" element={guarded(<ServicesPage key="hosting" category={HOSTING_CATEGORY} />)} />
        <Route path="/services/:serviceId" element={guarded(<ServiceDetailPage />)} />
        <Route path="/billing" element={guarded(<BillingPage />)} />
        <Route path="/domains/search" element={guarded(<DomainSearchPage />)} />
        <Route path="/domains/register" element={guarded(<DomainRegisterPage />)} />
        <Route path="/domains/orders/:orderId" element={guarded(<DomainOrderPage />)} />
        <Route path="/domains/orders" element={guarded(<DomainOrdersPage />)} />
        <Route path="/domains/:domain" element={guarded(<DomainDetailPage />)} />
        <Route path="/domains" element={guarded(<DomainsPage />)} />
        <Route path="/test-mode/checkout/:sessionId" element={guarded(<TestCheckoutPage />)} />
        <Route path="/test-mode/portal/:portalSessionId" element={guarded(<TestPortalPage />)} />
        <Route path="/super-admin" element={guarded(<AdminDashboardPage />)} />
        <Route path="/super-admin/users" element={guarded(<AdminUsersPage />)} />
        <Route path="/super-admin/users/:userId" element={guarded(<AdminUserDetailPage />)} />
        <Route path="/super-admin/accounts" element={guarded(<AdminAccountsPage />)} />
        <Route path="/super-admin/accounts/:accountId" element={guarded(<AdminAccountDetailPage />)} />
        <Route path="/super-admin/products" element={guarded(<AdminProductsPage />)} />
        <Route path="/super-admin/orders" element={guarded(<AdminOrdersPage />)} />
        <Route path="/super-admin/orders/failed" element={guarded(<AdminFailedOrdersPage />)} />
        <Route path="/super-admin/orders/:orderId" element={guarded(<AdminOrderDetailPage />)} />
        <Route path="/super-admin/provisioning" element={guarded(<ProvisioningQueuePage />)} />
        <Route path="/super-admin/provisioning/:stepId" element={guarded(<ProvisioningStepPage />)} />
        <Route path="/super-admin/tickets" element={guarded(<AdminTicketsPage />)} />
        <Route path="/super-admin/tickets/:ticketId" element={guarded(<AdminTicketDetailPage />)} />
        <Route path="/super-admin/mail" element={guarded(<AdminMailPage />)} />
        <Route path="/super-admin/mail/:messageId" element={guarded(<AdminMailMessagePage />)} />
        <Route path="/super-admin/events" element={guarded(<AdminEventsDashboardPage />)} />
        <Route path="/super-admin/events/all" element={guarded(<AdminEventsListPage />)} />
        <Route path="/super-admin/events/test" element={guarded(<AdminTestEventsPage />)} />
        <Route path="/super-admin/events/webhooks" element={guarded(<AdminWebhooksPage />)} />
        <Route path="/super-admin/events/flows" element={guarded(<AdminFlowDesignerPage />)} />
        <Route path="/super-admin/events/deliveries" element={guarded(<AdminDeliveriesPage />)} />
        <Route path="/super-admin/events/deliveries/:deliveryId" element={guarded(<AdminDeliveryPage />)} />
        <Route path="/super-admin/audit" element={guarded(<AdminAuditPage />)} />
        <Route path="/super-admin/portfolio-sync" element={guarded(<AdminPortfolioSyncPage />)} />
        <Route path="/super-admin/whois-lookup" element={guarded(<AdminWhoisLookupPage />)} />
        <Route path="/super-admin/registrars" element={guarded(<AdminRegistrarsPage />)} />
        <Route path="/super-admin/servers" element={guarded(<AdminServersPage />)} />
        <Route path="/super-admin/services/:serviceId" element={guarded(<AdminHostingServicePage />)} />
        <Route path="/super-admin/services" element={guarded(<AdminHostingServicesPage />)} />
        <Route path="/super-admin/domains/:domain" element={guarded(<AdminDomainDetailPage />)} />
        <Route path="/super-admin/domains" element={guarded(<AdminDomainsPage />)} />
        <Route path="/super-admin/domains/bulk-map" element={guarded(<AdminBulkMapPage />)} />
        <Route path="/super-admin/servers/:serverId/import" element={guarded(<AdminHostingImportPage />)} />
        <Route path="/404" element={page(<NotFoundPage />)} />
        <Route path="*" element={<UnknownRoute />} />
      </Route>
    </Routes>
  );
}
