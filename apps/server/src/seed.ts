import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PLAN_IDS, type PlanId } from '@app/shared';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, queryRows, type Database } from './db/client';
import { usePhiKeyring } from './db/phi-column';
import { phoneIndexOf } from './db/phone-index';
import { businessTimeZone, membershipTerm } from './db/sql-constants';
import { planCatalogue } from './features/plans/catalogue';
import { hashPassword } from './lib/crypto';
import { createPhiKeyring, type PhiKeyring } from './lib/phi-cipher';

const BATCH = 25_000;
// As varied as a real member base's names: the lists' lengths share no factor, so each first name
// meets every last name (with lists of one length, each first name always met the same last name,
// and 32 full names each stood for 3 % of all members).
const FIRST_NAMES = [
  'Maria',
  'James',
  'Aisha',
  'Wei',
  'Carlos',
  'Emily',
  'Noah',
  'Priya',
  'Liam',
  'Sofia',
  'Mateo',
  'Olivia',
  'Ethan',
  'Fatima',
  'Lucas',
  'Grace',
  'Daniel',
  'Hana',
  'Isaac',
  'Chloe',
  'Jamal',
  'Ava',
  'Diego',
  'Mia',
  'Samuel',
  'Leah',
  'Omar',
  'Zoe',
  'Henry',
  'Nora',
  'Kai',
  'Ruby',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Christopher',
  'Karen',
  'Charles',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Betty',
  'Mark',
  'Sandra',
  'Donald',
  'Margaret',
  'Steven',
  'Ashley',
  'Andrew',
  'Kimberly',
  'Paul',
  'Donna',
  'Joshua',
  'Carol',
  'Kenneth',
  'Michelle',
  'Kevin',
  'Amanda',
  'Brian',
  'Melissa',
  'Timothy',
  'Deborah',
  'Ronald',
  'Stephanie',
  'George',
  'Rebecca',
  'Jason',
  'Laura',
  'Edward',
  'Helen',
  'Jeffrey',
  'Sharon',
  'Ryan',
  'Cynthia',
  'Jacob',
  'Kathleen',
  'Gary',
  'Amy',
  'Nicholas',
  'Angela',
  'Eric',
  'Anna',
  'Jonathan',
  'Brenda',
  'Stephen',
  'Pamela',
  'Larry',
  'Nicole',
  'Justin',
  'Ruth',
  'Scott',
  'Katherine',
  'Brandon',
  'Samantha',
  'Benjamin',
  'Christine',
  'Gregory',
  'Rachel',
  'Alexander',
  'Carolyn',
  'Patrick',
  'Janet',
  'Frank',
  'Virginia',
  'Raymond',
  'Heather',
  'Jack',
  'Diane',
  'Dennis',
  'Julie',
  'Jerry',
  'Joyce',
  'Tyler',
  'Victoria',
  'Aaron',
  'Kelly',
  'Jose',
  'Christina',
  'Adam',
  'Lauren',
  'Nathan',
  'Joan',
  'Juan',
  'Evelyn',
  'Luis',
  'Judith',
  'Miguel',
  'Megan',
  'Ahmed',
  'Yuki',
  'Ananya',
  'Kwame',
  'Ngozi',
  'Dmitri',
  'Elena',
  'Rosa',
  'Jorge',
  'Lucia',
  'Hiroshi',
  'Mei',
  'Arjun',
  'Deepa',
  'Tariq',
  'Layla',
];
const LAST_NAMES = [
  'Garcia',
  'Smith',
  'Johnson',
  'Chen',
  'Patel',
  'Brown',
  'Nguyen',
  'Davis',
  'Lopez',
  'Williams',
  'Kim',
  'Martinez',
  'Anderson',
  'Thomas',
  'Jackson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Hall',
  'Allen',
  'Wright',
  'King',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Hill',
  'Miller',
  'Jones',
  'Rodriguez',
  'Hernandez',
  'Gonzalez',
  'Wilson',
  'Moore',
  'Taylor',
  'Lee',
  'Perez',
  'Thompson',
  'Sanchez',
  'Ramirez',
  'Torres',
  'Flores',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Fisher',
  'Vasquez',
  'Simmons',
  'Romero',
  'Jordan',
  'Patterson',
  'Hamilton',
  'Graham',
  'Reynolds',
  'Griffin',
  'Wallace',
  'Moreno',
  'West',
  'Cole',
  'Hayes',
  'Bryant',
  'Herrera',
  'Gibson',
  'Ellis',
  'Tran',
  'Medina',
  'Aguilar',
  'Stevens',
  'Murray',
  'Ford',
  'Castro',
  'Marshall',
  'Owens',
  'Harrison',
  'Fernandez',
  'Woods',
  'Washington',
  'Kennedy',
  'Wells',
  'Vargas',
  'Okafor',
  'Haddad',
  'Yamamoto',
  'Singh',
  'Kowalski',
  'Ivanov',
  'Rossi',
  'Nakamura',
  'Mensah',
];
const STATES = ['TX', 'CA', 'NY', 'FL', 'IL', 'PA', 'OH', 'GA', 'NC', 'MI', 'MO', 'WA', 'AZ', 'MA', 'TN', 'CO'];
const CITIES = [
  'Austin',
  'Fresno',
  'Albany',
  'Tampa',
  'Peoria',
  'Erie',
  'Dayton',
  'Macon',
  'Durham',
  'Flint',
  'St. Louis',
  'Spokane',
  'Tucson',
  'Lowell',
  'Memphis',
  'Boulder',
];
const STREETS = ['Oak St', 'Maple Ave', 'Cedar Ln', 'Pine Rd', 'Elm St', 'Lakeview Dr', 'Park Blvd', 'Hillcrest Rd'];
const SYMPTOMS = [
  'Seasonal allergies',
  'Sore throat and mild fever',
  'Lower back pain',
  'Follow-up on blood pressure',
  'Skin rash on forearm',
  'Trouble sleeping',
  null,
  null,
];

export interface SeedResult {
  users: number;
  payments: number;
  expenses: number;
  seconds: number;
}

/** A text[] literal of bound parameters, for picking from in SQL. */
const textArray = (values: readonly (string | null)[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Health data is sealed like the application seals it: a small pool of sealed values the rows pick from. */
function sealedPool(keyring: PhiKeyring, values: readonly (string | null)[]) {
  return textArray(values.map((v) => (v === null ? null : keyring.seal(v))));
}

const planPrice = (id: PlanId) => planCatalogue.find((plan) => plan.id === id)!.priceCents;

/**
 * Realistic users for trying the admin dashboard and measuring it: names, US states, four in five
 * verified, a few admins, memberships of every plan in every status with consistent dates over the
 * last two years, and their payments in the ledger. Set-based, a batch of users per statement.
 */
export async function seed(
  db: Database,
  keyring: PhiKeyring,
  count: number,
  log: (line: string) => void = () => {},
): Promise<Omit<SeedResult, 'expenses'>> {
  const started = Date.now();
  const run = randomBytes(3).toString('hex');
  // Customer ids are two letters of this run and the row number: unique within a run, and a clash with another run is skipped.
  const runLetters = String.fromCharCode(...Array.from(randomBytes(2), (b) => 71 + (b % 20)));
  // Nobody can sign in as a seeded user: the password is random and forgotten.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const first = textArray(FIRST_NAMES);
  const last = textArray(LAST_NAMES);
  const states = textArray(STATES);
  const plans = textArray(PLAN_IDS);
  const prices = sql`ARRAY[${sql.join(
    PLAN_IDS.map((id) => sql`${planPrice(id)}::int`),
    sql`, `,
  )}]`;
  const phoneNumbers = Array.from({ length: 40 }, (_, i) => `(${314 + i}) 555-${String(1000 + i * 37).slice(0, 4)}`);
  const phones = sealedPool(keyring, phoneNumbers);
  // Their lookup hashes too, or the server's next start writes them one account at a time.
  const phoneIndexes = textArray(phoneNumbers.map((phone) => phoneIndexOf(phone, keyring)));
  const dobs = sealedPool(
    keyring,
    Array.from({ length: 40 }, (_, i) => `19${50 + i}-0${1 + (i % 9)}-${10 + (i % 18)}`),
  );
  const zips = sealedPool(
    keyring,
    Array.from({ length: 40 }, (_, i) => String(63101 + i * 211).padStart(5, '0')),
  );
  const symptoms = sealedPool(keyring, SYMPTOMS);
  const streets = sealedPool(
    keyring,
    STREETS.map((s, i) => `${100 + i * 13} ${s}`),
  );
  const cities = sealedPool(keyring, CITIES);
  const billingStates = sealedPool(keyring, STATES);
  const country = keyring.seal('US');
  let users = 0;
  let payments = 0;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    const [inserted] = await queryRows<{ users: number; payments: number }>(
      db,
      sql`
        WITH picks AS (
          SELECT i, random() AS r_status, random() AS r_plan, random() AS r_age, random() AS r_start, random() AS r_end,
                 1 + (i * 7) % ${FIRST_NAMES.length} AS f, 1 + (i * 13) % ${LAST_NAMES.length} AS l
          FROM generate_series(${from}::int, ${to}::int) AS i
        ),
        shaped AS (
          SELECT i, f, l, r_start, r_end,
                 now() - r_age * interval '730 days' AS created,
                 -- A one-time visit never renews: it is never past due nor cancelled, it expires.
                 CASE WHEN r_status < 0.45 THEN NULL WHEN r_status < 0.70 THEN 'active' WHEN r_status < 0.78 THEN 'pending'
                      WHEN r_status < 0.88 AND plan < 3 THEN 'cancelled' WHEN r_status < 0.96 OR plan = 3 THEN 'expired' ELSE 'past_due' END AS status,
                 plan
          FROM (SELECT *, CASE WHEN r_plan < 0.55 THEN 1 WHEN r_plan < 0.80 THEN 2 ELSE 3 END AS plan FROM picks) AS planned
        ),
        new_users AS (
        INSERT INTO users (email, password_hash, first_name, last_name, roles, customer_phone, phone_index, dob, zip, symptoms, customer_id,
          customer_ip, customer_state, customer_country, submitted_at, submitted_local_time, verified, email_verified_at, sms_policy_accepted,
          subscription_status, subscription_plan, subscription_amount_cents, method_of_subscription, subscription_start_date,
          next_subscription_renew_date, subscription_end_date, subscription_cancelled_date,
          billing_street, billing_city, billing_state, billing_zip, billing_country, cardholder_name, card_last4, card_expiry, card_brand, created_at, updated_at)
        SELECT lower((${first})[f] || '.' || (${last})[l]) || '.' || i || '.' || ${run} || '@seed.example',
               ${passwordHash}, (${first})[f], (${last})[l],
               CASE WHEN i % 50000 = 1 THEN ARRAY['ROLE_USER', 'ROLE_ADMIN'] ELSE ARRAY['ROLE_USER'] END,
               (${phones})[1 + i % 40], (${phoneIndexes})[1 + i % 40], (${dobs})[1 + (i * 3) % 40], (${zips})[1 + (i * 5) % 40], (${symptoms})[1 + i % ${SYMPTOMS.length}],
               'CONS-' || ${runLetters} || lpad(upper(to_hex(i)), 6, '0'),
               '198.51.' || (i / 256) % 256 || '.' || i % 256, (${states})[1 + i % ${STATES.length}], 'US',
               created, to_char(created AT TIME ZONE ${businessTimeZone}, 'YYYY-MM-DD"T"HH24:MI:SS"-06:00"'),
               i % 5 <> 0, CASE WHEN i % 5 <> 0 THEN created + interval '10 minutes' END, i % 3 <> 0,
               status, CASE WHEN status IS NOT NULL THEN (${plans})[plan] END, CASE WHEN status IS NOT NULL THEN (${prices})[plan] END,
               CASE WHEN status IS NOT NULL AND status <> 'pending' THEN 'card' END,
               CASE WHEN status IN ('active', 'cancelled', 'expired', 'past_due') THEN start END,
               CASE WHEN status IN ('active', 'past_due') AND plan < 3 THEN start + ${membershipTerm} * (floor(extract(epoch FROM now() - start) / extract(epoch FROM ${membershipTerm})) + 1) END,
               CASE WHEN status = 'expired' THEN least(now(), start + ${membershipTerm} * (1 + floor(r_end * 6))) END,
               CASE WHEN status = 'cancelled' THEN start + (now() - start) * r_end END,
               CASE WHEN status IN ('active', 'cancelled', 'expired', 'past_due') THEN (${streets})[1 + i % ${STREETS.length}] END,
               CASE WHEN status IN ('active', 'cancelled', 'expired', 'past_due') THEN (${cities})[1 + i % ${CITIES.length}] END,
               CASE WHEN status IN ('active', 'cancelled', 'expired', 'past_due') THEN (${billingStates})[1 + i % ${STATES.length}] END,
               CASE WHEN status IN ('active', 'cancelled', 'expired', 'past_due') THEN (${zips})[1 + (i * 5) % 40] END,
               CASE WHEN status IN ('active', 'cancelled', 'expired', 'past_due') THEN ${country} END,
               CASE WHEN status IN ('active', 'cancelled', 'expired', 'past_due') THEN (${first})[f] || ' ' || (${last})[l] END,
               CASE WHEN status IN ('active', 'cancelled', 'expired', 'past_due') THEN lpad(((i * 37) % 10000)::text, 4, '0') END,
               CASE WHEN status IN ('active', 'cancelled', 'expired', 'past_due') THEN lpad((1 + i % 12)::text, 2, '0') || '/' || (28 + i % 5) END,
               CASE WHEN status IN ('active', 'cancelled', 'expired', 'past_due') THEN (ARRAY['Visa', 'Mastercard', 'American Express', 'Discover'])[1 + i % 4] END,
               created, created
        FROM (
          -- A one-time visit stays active for 30 days only (decision 012), so an active one started lately.
          SELECT *, CASE WHEN status = 'active' AND plan = 3 THEN greatest(created, now() - interval '29 days' * r_start)
                         ELSE created + (now() - created) * r_start * 0.2 END AS start
          FROM shaped
        ) AS s
        ON CONFLICT DO NOTHING
        RETURNING id, subscription_plan, subscription_amount_cents, subscription_status, subscription_start_date,
                  subscription_cancelled_date, subscription_end_date, card_brand, card_last4
        ),
        ${ledgerOf}
        SELECT (SELECT count(*) FROM new_users)::int AS users, (SELECT count(*) FROM paid)::int AS payments`,
    );
    users += inserted!.users;
    payments += inserted!.payments;
    log(`  ${users.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} users`);
  }
  return { users, payments, seconds: (Date.now() - started) / 1000 };
}

/**
 * The ledger behind the memberships just inserted (the `new_users` CTE): the checkout that started
 * each, a renewal for every 30 days a monthly one ran, the declined renewal of a past-due one, and
 * now and then a declined card before the checkout went through.
 */
const ledgerOf = sql`
    members AS (
      SELECT id, subscription_plan AS plan, subscription_amount_cents AS amount, subscription_status AS status, subscription_start_date AS start,
             coalesce(subscription_cancelled_date, subscription_end_date, now()) AS until, card_brand, card_last4
      FROM new_users WHERE subscription_start_date IS NOT NULL
    ),
    ledger AS (
      SELECT id, plan, 'checkout' AS kind, amount, 'succeeded' AS status, NULL::timestamptz AS period, start AS at, card_brand, card_last4 FROM members
      UNION ALL
      SELECT id, plan, 'checkout', amount, 'failed', NULL, start - interval '3 minutes', card_brand, card_last4 FROM members WHERE card_last4 LIKE '%7'
      UNION ALL
      SELECT m.id, m.plan, 'renewal', m.amount, 'succeeded', m.start + ${membershipTerm} * k, m.start + ${membershipTerm} * k, m.card_brand, m.card_last4
      FROM members m, generate_series(1, 30) AS k
      WHERE m.plan <> 'oneTimeVisit' AND m.start + ${membershipTerm} * k < m.until
        AND NOT (m.status = 'past_due' AND m.start + ${membershipTerm} * (k + 1) >= m.until)
      UNION ALL
      SELECT m.id, m.plan, 'renewal', m.amount, 'failed', m.start + ${membershipTerm} * last_period.k, m.start + ${membershipTerm} * last_period.k, m.card_brand, m.card_last4
      FROM members m, LATERAL (SELECT floor(extract(epoch FROM now() - m.start) / 2592000)::int AS k) AS last_period
      WHERE m.status = 'past_due' AND m.plan <> 'oneTimeVisit' AND last_period.k >= 1
    ),
    paid AS (
      INSERT INTO payments (user_id, plan_id, kind, amount_cents, gateway, gateway_reference, status, failure_code, card_brand, card_last4, period_start, created_at)
      SELECT id, plan, kind, amount, 'sandbox', CASE WHEN status = 'succeeded' THEN 'seed_' || md5(id::text || at::text) END, status,
             CASE WHEN status = 'failed' THEN 'card_declined' END, card_brand, card_last4, period, at
      FROM ledger
      RETURNING 1
    )`;

const EXPENSE_TITLES = [
  'Clinic software licence',
  'Telehealth video minutes',
  'Office rent',
  'Medical malpractice insurance',
  'Laptop for a physician',
  'Team lunch',
  'Marketing: search ads',
  'Bank fees',
  'Contractor: Bengaluru support team',
  'Accounting services',
  '',
];
const EXPENSE_AUTHORS = ['finance@careconnect247.example', 'ops@careconnect247.example', 'chief@careconnect247.example'];

/**
 * Expenses for the Expenses tab and its bench: seven in ten in USD, the rest in INR, amounts from
 * 1 to 5,000 units, spent over the last two years, converted at `inrPerUsdE4` the way the server
 * converts (rounding half away from zero).
 */
export async function seedExpenses(
  db: Database,
  count: number,
  inrPerUsdE4: number,
  log: (line: string) => void = () => {},
): Promise<number> {
  const titles = textArray(EXPENSE_TITLES);
  const authors = textArray(EXPENSE_AUTHORS);
  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    await db.execute(sql`
      INSERT INTO expenses (id, title, description, original_currency, original_amount_minor, amount_usd_cents, amount_inr_paise, inr_per_usd_e4, spent_at, created_by, created_at, updated_at)
      SELECT gen_random_uuid(), (${titles})[1 + (n % ${EXPENSE_TITLES.length}::int)], 'Seeded expense ' || n, currency, minor,
             CASE WHEN currency = 'USD' THEN minor ELSE round(minor * 10000.0 / ${inrPerUsdE4}::int)::bigint END,
             CASE WHEN currency = 'INR' THEN minor ELSE round(minor * ${inrPerUsdE4}::int / 10000.0)::bigint END,
             ${inrPerUsdE4}::int, spent, (${authors})[1 + (n % ${EXPENSE_AUTHORS.length}::int)], spent + interval '1 hour', spent + interval '1 hour'
      FROM (
        SELECT n, CASE WHEN random() < 0.7 THEN 'USD' ELSE 'INR' END AS currency, (100 + floor(random() * 499900))::bigint AS minor,
               now() - random() * interval '730 days' AS spent
        FROM generate_series(${done + 1}::int, ${done + size}::int) AS n
      ) AS e`);
    log(`  ${(done + size).toLocaleString('en-US')} of ${count.toLocaleString('en-US')} expenses`);
  }
  return count;
}

/** The seed's database: the server's own (DATA_DIR / DATABASE_URL), migrated, its health data sealed with PHI_KEY. */
export async function seedDatabase(
  config: Config,
  counts: { users: number; expenses: number },
  log: (line: string) => void,
): Promise<SeedResult> {
  if (config.env === 'production') throw new ConfigError('The seed refuses to run with NODE_ENV=production: it writes made-up accounts.');
  const handle = await openDatabase(config);
  try {
    const keyring = createPhiKeyring(config.phiKeys.current, config.phiKeys.older);
    usePhiKeyring(keyring);
    const started = Date.now();
    const people = counts.users > 0 ? await seed(handle.db, keyring, counts.users, log) : { users: 0, payments: 0 };
    const expenses = await seedExpenses(handle.db, counts.expenses, Math.round(config.startingInrPerUsd * 10_000), log);
    // What autovacuum would do after a bulk load, at once: fresh statistics for the planner, and
    // the visibility map that lets index-only scans (the summary's amounts) skip the table.
    for (const table of ['users', 'payments', 'expenses']) await handle.db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
    return { users: people.users, payments: people.payments, expenses, seconds: (Date.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { users: { type: 'string', default: '1000' }, expenses: { type: 'string', default: '0' }, 'database-url': { type: 'string' } },
  });
  const counts = { users: Number(values.users), expenses: Number(values.expenses) };
  for (const [name, count] of Object.entries(counts)) {
    if (!Number.isInteger(count) || count < 0 || count > 10_000_000) {
      console.error(`--${name} must be a whole number from 0 to 10,000,000`);
      process.exit(2);
    }
  }
  const env = values['database-url'] ? { ...process.env, DATABASE_URL: values['database-url'] } : process.env;
  Promise.resolve()
    .then(() => seedDatabase(loadConfig(env), counts, (line) => process.stdout.write(`${line}\n`)))
    .then((r) =>
      process.stdout.write(
        `Seeded ${r.users.toLocaleString('en-US')} users, ${r.payments.toLocaleString('en-US')} payments and ${r.expenses.toLocaleString('en-US')} expenses in ${r.seconds.toFixed(1)} s.\n`,
      ),
    )
    .catch((error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    });
}
