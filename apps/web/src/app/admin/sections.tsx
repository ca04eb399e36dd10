import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/layout/page-title';
import { AnalyticsCard, ProfitCard, VisitsPanel } from '../../features/analytics';
import { CliniciansPanel } from '../../features/clinicians';
import { ExchangeRateCard, ExpensesPanel } from '../../features/expenses';
import { MemberPage, MembersTable, UsersJsonCard } from '../../features/user-admin';

/** A section of the console: its document title, its one h1, and the capabilities' cards below. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <h1 className="console__title">{title}</h1>
      <div className="admin__stack">{children}</div>
    </>
  );
}

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
  return <MemberPage id={id} />;
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
