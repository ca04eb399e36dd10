import { useParams } from 'react-router';
import { ConsoleSection as Section } from '../../components/layout/console-section';
import { AnalyticsCard, ProfitCard, VisitsPanel } from '../../features/analytics';
import { CliniciansPanel } from '../../features/clinicians';
import { ExchangeRateCard, ExpensesPanel } from '../../features/expenses';
import { MemberHousehold } from '../../features/household';
import { MemberPage, MembersTable, UsersJsonCard } from '../../features/user-admin';
import { MemberVisits } from '../../features/visits';

// The sections other capabilities draw whole, headings included.
export { AuditLogPage as AuditLogSection } from '../../features/audit-log';
export { EnquiriesPage as EnquiriesSection } from '../../features/contact';
export { StaffSettingsPage as SettingsSection } from '../../features/staff';

export const OverviewSection = () => (
  <Section title="Admin dashboard">
    <AnalyticsCard />
  </Section>
);

export const MembersSection = () => (
  <Section title="Members">
    <MembersTable />
    <UsersJsonCard />
  </Section>
);

/** /admin/members/:id: the member's own page (the capability draws its heading). */
export function MemberSection() {
  const { id = '' } = useParams();
  return (
    <MemberPage id={id}>
      <MemberHousehold userId={id} />
      <MemberVisits userId={id} />
    </MemberPage>
  );
}

export const VisitsSection = () => (
  <Section title="Visits">
    <VisitsPanel />
  </Section>
);

export const CliniciansSection = () => (
  <Section title="Clinicians">
    <CliniciansPanel />
  </Section>
);

export const ExpensesSection = () => (
  <Section title="Expenses">
    <ExpensesPanel />
    <ExchangeRateCard />
  </Section>
);

export const ProfitSection = () => (
  <Section title="Profit">
    <ProfitCard />
  </Section>
);
