/**
 * `npm run seed:demo`: fills an EMPTY database with a believable demo, through the real API (same validation,
 * files, transactions and arithmetic as real use): verified owners, approved projects in several categories with the
 * spec's sample figures (raised 59,689 / 45,000 / 80,000 / 32,000 at 79 / 60 / 95 / 40 %), investors with offers,
 * accepted, pending and declined agreements, donations, a repayment made, and a staff account.
 * Refuses to touch a database that already has accounts. Stop the server first when using the embedded database.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { buildApp } from '../src/server/app';
import { outboxSender } from '../src/server/sms';
import { CATEGORY_SCENE, scenePng, type SceneName } from './lib/demo-scenes';
import { dhakaToday } from '../src/shared/format/dhaka-calendar';
import { approvedReview } from './lib/opinion-pdf';

const PASSWORD = 'Demo@1234';

type Person = { email: string; phone: string; name: string; token: string; nid?: string };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API answers

let app: FastifyInstance;

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: Person | null, payload?: unknown, expect = [200, 201]): Promise<Json> {
  const res = await app.inject({ method, url: `/api/v1${url}`, payload: payload as object, headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  if (!expect.includes(res.statusCode)) throw new Error(`${method} ${url} → ${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body) as Json;
}

const drawn = new Map<string, string>();
/**
 * A drawn picture as the data URL the upload fields take. Each distinct picture is drawn once (the scanned document
 * appears on every verification, agreement and offer): drawing is the script's own heaviest work.
 */
function picture(scene: SceneName, name: string, options: Parameters<typeof scenePng>[1] = {}): string {
  const key = JSON.stringify([scene, options]);
  let base64 = drawn.get(key);
  if (base64 === undefined) drawn.set(key, (base64 = scenePng(scene, options).toString('base64')));
  return `data:image/png;name=${encodeURIComponent(name)};base64,${base64}`;
}
/** A scanned document (identity card, certificate, signed agreement): the drawn card, small. */
const documentImage = (name: string) => picture('document', name, { width: 240, height: 150 });

let phoneSeq = 0;
async function person(name: string, email: string): Promise<Person> {
  phoneSeq += 1;
  const phone = `+88017${String(10_000_000 + phoneSeq * 1_117).slice(-8)}`;
  await call('POST', '/auth/user/sign-up', null, { email, phone, password: PASSWORD, retype_password: PASSWORD });
  const outbox = await call('GET', `/dev/outbox?to=${encodeURIComponent(phone)}`, null);
  const { token } = await call('PATCH', '/auth/user/verify-otp', null, { phone, otp: outbox.messages[0].code });
  const who = { email, phone, name, token };
  await call('PUT', '/profile', who, { name, email, phone, country: 'Bangladesh' });
  // Everyone has read the risk statement, as an investor must before an agreement request (issue 31 §4).
  const { version } = await call('GET', '/risk-statement', null);
  await call('POST', '/me/risk-acknowledgment', who, { version });
  return who;
}

async function verifyIdentity(who: Person, staff: Person, city: string): Promise<void> {
  // A 13-digit National ID number (the form takes 10, 13 or 17 digits), one per person (read from their phone: the
  // owners are all signed up before any is verified); their projects carry the same number.
  who.nid = `1985${who.phone.slice(-9)}`;
  await call('PUT', '/profile/verification', who, {
    nid: who.nid,
    nidImage: documentImage('nid.png'),
    nidf: `${who.name.split(' ')[0]} Senior`,
    nidfImage: documentImage('father.png'),
    nominee: 'Family nominee',
    nomineeImage: documentImage('nominee.png'),
    bookingDate: '1985-04-12',
    passport: `BX${who.phone.slice(-7)}`,
    address: `House ${phoneSeq + 3}, Road ${phoneSeq + 1}, ${city}`,
    city,
    post: '1205',
    country: 'Bangladesh',
    region: city,
    occupation: 'Entrepreneur',
  });
  const { items } = await call('GET', '/staff/verifications', staff);
  const item = (items as { id: string; email: string }[]).find((i) => i.email === who.email)!;
  await call('POST', `/staff/verifications/${item.id}/review`, staff, { decision: 'approve', note: 'Documents checked.' });
}

interface ProjectSeed {
  owner: Person;
  bname: string;
  category: string;
  city: string;
  goal: number;
  roi: number;
  months: number;
  recurring?: [every: number, over: number];
  brief: string;
  plan: string;
}

async function project(seed: ProjectSeed, staff: Person, n: number): Promise<string> {
  const scene = CATEGORY_SCENE[seed.category] ?? 'default';
  const slug = seed.bname.toLowerCase().replace(/[^a-z]+/g, '-');
  const facebook = `https://facebook.com/${seed.bname.toLowerCase().replace(/[^a-z]+/g, '')}`;
  const form: Json = {
    name: seed.owner.name,
    email: seed.owner.email,
    country: 'Bangladesh',
    phone: seed.owner.phone,
    city: seed.city,
    region: seed.city,
    nid: seed.owner.nid,
    etin: `${String(300_000_000_000 + n * 77_777)}`,
    bname: seed.bname,
    category: seed.category,
    offaddress: `Level ${n + 2}, ${seed.city} Commercial Area, ${seed.city}`,
    busstype: 'Service',
    busssize: 'Small',
    regen: Math.round(seed.goal / 6),
    askamu: seed.goal,
    roi: seed.roi,
    reduration: seed.months,
    initialins: Math.round(seed.goal / 10),
    bplan: seed.plan,
    tlicense: `TRAD/DNCC/${String(10_000 + n * 211)}/2025`,
    btin: `BIN-${String(100_000_000 + n * 4_242)}`,
    projectProfileImage: picture(scene, `${slug}-1.png`),
    companyImage: picture(scene, `${slug}-2.png`, { mirror: true }),
    businessPhoto: picture(scene, `${slug}-3.png`, { zoom: 1.6 }),
    investType: 'Halal Way',
    contract: 'Murabaha',
    goods: seed.plan,
    financialDocument: 'Bank Statement',
    security: 'Bank Cheque',
    return: seed.recurring ? 'Recurring' : 'On-time',
    accountNum: `20501${String(1_000_000 + n * 97)}`,
    accountName: seed.bname,
    bankName: 'Islami Bank Bangladesh PLC',
    branchName: `${seed.city} Branch`,
    branchRoute: `125${String(260_000 + n * 13)}`,
    branchAdd: `Main Road, ${seed.city}`,
    sharePercentage: 30,
    briefDescrip: seed.brief,
    // The form requires a video link; a demo project has no film of its own, so it links to the videos of its own
    // (demo) page rather than to somebody else's clip. Only YouTube and Vimeo links are embedded on the project page.
    busExViLink: `${facebook}/videos`,
    socialMedia: [{ name: 'Facebook', link: facebook }],
  };
  if (seed.recurring) {
    form.returningTime = seed.recurring[0];
    form.totalDuration = seed.recurring[1];
  }
  if (seed.goal < 20_000) form.minInvestment = Math.round(seed.goal / 4);
  const created = await call('POST', '/projects', seed.owner, form);
  // Every deal is reviewed by a Shariah adviser before it opens (issue 31 §5): the demo records one per project.
  await call('POST', `/staff/projects/${created.id}/shariah-review`, staff, approvedReview(seed.bname, 'Mufti Abdur Rahman (demo adviser)'));
  await call('POST', `/staff/projects/${created.id}/review`, staff, { decision: 'approve', note: 'Documents and terms checked.' });
  return created.id as string;
}

function agreement(amount: number, name: string, type = 'Halal Way'): Json {
  return {
    investDate: dhakaToday(),
    investorType: 'Individual',
    investorName: name,
    investorAddress: 'Gulshan 2, Dhaka',
    investmentAmount: amount,
    investmentType: type,
    documents: [{ description: 'Bank solvency certificate', file: documentImage('solvency.png') }],
  };
}

const acceptance = () => ({ documents: [{ description: 'Signed Murabaha agreement', file: documentImage('agreement.png') }] });

async function invest(projectId: string, owner: Person, investor: Person, amount: number): Promise<void> {
  const req = await call('POST', `/projects/${projectId}/agreement-requests`, investor, agreement(amount, investor.name));
  await call('POST', `/agreement-requests/${req.id}/accept`, owner, acceptance());
}

async function donate(projectId: string, staff: Person, amount: number, name: string, anonymous = false): Promise<void> {
  const method = amount > 50_000 ? 'Bank' : amount > 25_000 ? 'Card' : 'Mobile Banking';
  const d = await call('POST', `/projects/${projectId}/donations`, null, { amount, paymentMethod: method, name, anonymous });
  await call('POST', `/staff/donations/${d.id}/review`, staff, { decision: 'approve', note: 'Received.' });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, phoneRegion: config.defaultPhoneRegion });
  try {
    const users = await database.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    if (Number(users.n) > 0) {
      console.error(`The database already has ${users.n} account(s): seed:demo only fills an empty database (${database.kind} ${database.where}).`);
      process.exitCode = 1;
      return;
    }
    // Load shedding on lag is off: this script is the app's only client, in its own process, with no other process
    // to be sent to, and the lag it would judge is the script's own drawing between its requests.
    app = await buildApp({
      config: { ...config, authRateLimitPerMinute: 1_000_000, maxEventLoopDelayMs: 0 },
      database,
      logger: false,
      sms: outboxSender(database.db, { info: () => undefined } as never),
    });
    await app.ready();

    const staff = await person('Farhana Staff', 'staff@example.com');
    await database.db.updateTable('users').set({ is_staff: true }).where('email', '=', staff.email).execute();
    app.forgetSessions();

    const owners = [
      await person('Rahim Uddin', 'rahim@example.com'),
      await person('Salma Khatun', 'salma@example.com'),
      await person('Tanvir Hasan', 'tanvir@example.com'),
    ];
    for (const [i, o] of owners.entries()) await verifyIdentity(o, staff, ['Dhaka', 'Sylhet', 'Rangpur'][i]!);
    const investors = [
      await person('Karim Ahmed', 'karim@example.com'),
      await person('Nusrat Jahan', 'nusrat@example.com'),
      await person('Imran Chowdhury', 'imran@example.com'),
      await person('Ayesha Siddiqua', 'ayesha@example.com'),
    ];
    const [rahim, salma, tanvir] = owners as [Person, Person, Person];
    const [karim, nusrat, imran, ayesha] = investors as [Person, Person, Person, Person];

    const seeds: ProjectSeed[] = [
      { owner: salma, bname: 'Community Film School, Sylhet', category: 'Video & Movies', city: 'Sylhet', goal: 75_555, roi: 12, months: 12, recurring: [3, 12], brief: 'A weekend film school where young people from tea-garden communities learn to tell their own stories on camera.', plan: 'Equipment, two instructors and a screening room for 40 students a year.' },
      { owner: rahim, bname: "Rural Girls' Education Fund", category: 'Education', city: 'Dhaka', goal: 75_000, roi: 9, months: 6, brief: 'Scholarships, books and safe transport so that 60 girls in Manikganj can finish secondary school.', plan: 'Three school years of fees and a rickshaw-van route shared by four villages.' },
      { owner: tanvir, bname: 'Mobile Clinic for Char Villages', category: 'Medical & Health', city: 'Rangpur', goal: 84_210, roi: 10.5, months: 12, recurring: [6, 12], brief: 'A boat clinic that visits river-island villages every week with a nurse, medicines and maternal check-ups.', plan: 'Boat refit, cold box for vaccines, and a year of running costs.' },
      { owner: rahim, bname: 'Organic Rooftop Farms Dhaka', category: 'Organic Foods', city: 'Dhaka', goal: 80_000, roi: 17.7, months: 12, recurring: [3, 12], brief: 'Rooftop vegetable beds on 30 apartment blocks, sold to neighbours by subscription.', plan: 'Beds, drip irrigation and compost for the first 30 roofs.' },
      { owner: tanvir, bname: 'Solar Irrigation Pumps, Rangpur', category: 'Agriculture', city: 'Rangpur', goal: 500_000, roi: 14, months: 18, recurring: [6, 18], brief: 'Solar pumps rented to smallholders by the hour, replacing diesel in the dry season.', plan: 'Ten pumps with panels, installed with the farmers’ cooperative.' },
      { owner: salma, bname: 'Web Skills Bootcamp for Women', category: 'Web Development', city: 'Sylhet', goal: 150_000, roi: 11, months: 12, brief: 'A 12-week bootcamp that prepares women for remote web-development work.', plan: 'Laptops, internet and mentors for three cohorts of 20.' },
      { owner: rahim, bname: 'Flood Relief Food Packs', category: 'Food & Clothes', city: 'Dhaka', goal: 60_000, roi: 5, months: 6, brief: 'Dry food packs and warm clothes for families displaced by the monsoon floods.', plan: 'Two thousand packs distributed with the union councils.' },
    ];
    const ids: string[] = [];
    for (const [i, s] of seeds.entries()) ids.push(await project(s, staff, i + 1));
    const [film, school, clinic, farm, solar, web, flood] = ids as [string, string, string, string, string, string, string];

    // The spec's sample figures: raised 59,689 / 45,000 / 80,000 / 32,000 at 79 / 60 / 95 / 40 %.
    await invest(film, salma, karim, 50_000);
    await donate(film, staff, 9_689, 'Shapla Club');
    await invest(school, rahim, nusrat, 30_000);
    await donate(school, staff, 10_000, 'Anonymous', true);
    await donate(school, staff, 5_000, 'Mizanur Rahman');
    await invest(clinic, tanvir, imran, 60_000);
    await invest(clinic, tanvir, ayesha, 20_000);
    await invest(farm, rahim, karim, 32_000);

    // Waiting and declined requests, pledges not yet confirmed.
    await call('POST', `/projects/${solar}/agreement-requests`, nusrat, agreement(120_000, nusrat.name));
    const declined = await call('POST', `/projects/${web}/agreement-requests`, imran, agreement(25_000, imran.name));
    await call('POST', `/agreement-requests/${declined.id}/decline`, salma, { reason: 'We are looking for a single investor for the whole amount.' });
    await call('POST', `/projects/${flood}/donations`, null, { amount: 2_500, paymentMethod: 'Mobile Banking', name: 'Rokeya' });
    await donate(flood, staff, 12_000, 'Anonymous', true);

    // Standing offers (the Invest tab's investor cards) and a Request For Invest.
    const offer = (who: Person, amount: number, category: string, recurring: boolean, fromProject?: string) =>
      call('POST', fromProject ? `/offers?projectId=${fromProject}` : '/offers', who, {
        name: who.name,
        location: 'Dhaka',
        phone: who.phone,
        email: who.email,
        investmentType: 'Investment',
        businessCategory: category,
        totalAmount: amount,
        currency: 'BDT',
        duration: 12,
        return: recurring ? 'Recurring' : 'On-time',
        ...(recurring ? { returningTime: 3, totalDuration: 12 } : {}),
        securityPolicy: 'Bank cheque against each instalment',
        investmentMethod: amount > 50_000 ? 'Bank' : 'Cash',
        documents: [{ description: 'Bank solvency certificate', file: documentImage('solvency.png') }],
      });
    const agri = await offer(ayesha, 300_000, 'Agriculture', true);
    await offer(imran, 150_000, 'Web Development', false);
    await offer(karim, 80_000, 'Organic Foods', true);
    // One person's second offer, made from a project page: two cards that say how they differ.
    await offer(karim, 120_000, 'Web Development', false, web);
    await call('POST', '/offers', nusrat, { name: nusrat.name, location: 'Sylhet', phone: nusrat.phone, email: nusrat.email, investmentType: 'Donate' });
    // A Request For Invest answered with an agreement request: its owner now sees the investor's contact details.
    await call('POST', `/offers/${agri.id}/requests`, tanvir, { projectId: solar });
    await call('POST', `/projects/${solar}/agreement-requests`, ayesha, agreement(100_000, ayesha.name));

    // One repayment made and confirmed.
    const repayments = await call('GET', '/me/repayments', salma);
    const first = (repayments.items as { id: string }[])[0];
    if (first) {
      await call('POST', `/instalments/${first.id}/paid`, salma, { method: 'bkash', reference: '9BD4K7QX2M' });
      await call('POST', `/instalments/${first.id}/confirm`, karim);
    }

    const list = await call('GET', '/projects?limit=50', null);
    console.log('Demo data loaded:');
    for (const p of list.items as { title: string; figures: { raised: string; progressPercent: number } }[]) {
      console.log(`  ${p.title}: raised ৳${Number(p.figures.raised).toLocaleString('en-US')} (${p.figures.progressPercent} %)`);
    }
    console.log(`\nSign in with any of these (password ${PASSWORD}):`);
    console.log(`  staff:     ${staff.email}`);
    console.log(`  owners:    ${owners.map((o) => o.email).join(', ')}`);
    console.log(`  investors: ${investors.map((o) => o.email).join(', ')}`);
    await app.close();
  } finally {
    await database.close();
  }
}

await main();
