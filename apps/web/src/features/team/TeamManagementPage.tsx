import { Navigate } from 'react-router';
import { BuildingNotice } from '../../components/BuildingNotice';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../layout/usePageTitle';
import { isAdmin } from '../../session/user';
import { useSignedInUser } from '../../session/useSignedInUser';

/** Admins only (company roles include billing_admin, not deactivated); others go to Review. */
export function TeamManagementPage() {
  usePageTitle('Team management');
  const user = useSignedInUser();
  if (!isAdmin(user)) return <Navigate to="/my/review/you" replace />;
  return (
    <>
      <PageHeader title="Team management" description={user.company?.name} />
      <BuildingNotice>
        Members, pending invites, the team name, invite settings, the team's Auto-Balance defaults and
        invoices are being built for this page.
      </BuildingNotice>
    </>
  );
}
