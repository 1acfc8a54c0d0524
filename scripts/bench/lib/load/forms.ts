/**
 * The forms the simulated people send, valid by the shared schemas: sign-up, identity verification, a project, an
 * agreement request and its acceptance, a donation. Documents are a small PNG (the load is in the requests, not in
 * megabytes of scans).
 */
import { CATEGORIES } from '../scale-data';

export const PASSWORD = 'Secret1!';

/** A 1×1 PNG as the upload fields take it. */
const PNG = 'data:image/png;name=doc.png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A project's goal far above what a run can raise, so every project stays open (funded projects take no requests). */
export const PROJECT_GOAL = 1_000_000_000;

export interface Identity {
  email: string;
  phone: string;
  /** The person's own address, sent in X-Forwarded-For. */
  address: string;
}

/** The n-th person of a run: unique e-mail, Bangladeshi mobile number and address. */
export function identity(n: number, role: string): Identity {
  return {
    email: `${role}${n}@load.example`,
    phone: `+88017${String(10_000_000 + n).slice(-8)}`,
    address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
}

export const signUp = (who: Identity) => ({ email: who.email, phone: who.phone, password: PASSWORD, retype_password: PASSWORD });

export const verification = (n: number) => ({
  nid: `1990${String(100_000_000 + n)}`,
  nidImage: PNG,
  nidf: 'Karim Uddin',
  nidfImage: PNG,
  nominee: 'Ayesha Begum',
  nomineeImage: PNG,
  bookingDate: '1990-05-17',
  passport: `BX${String(1_000_000 + n)}`,
  address: `House ${n}, Road 5, Dhanmondi`,
  city: 'Dhaka',
  post: '1205',
  country: 'Bangladesh',
  region: 'Dhaka',
  occupation: 'Trader',
});

export function project(owner: Identity, n: number) {
  return {
    name: `Owner ${n}`,
    email: owner.email,
    country: 'Bangladesh',
    phone: owner.phone,
    city: 'Dhaka',
    region: 'Dhaka',
    nid: `1990${String(200_000_000 + n)}`,
    etin: String(300_000_000_000 + n),
    bname: `Load Test Venture ${n}`,
    category: CATEGORIES[n % CATEGORIES.length]!,
    offaddress: `House ${n}, Road 5, Dhanmondi, Dhaka`,
    busstype: 'Product',
    busssize: 'Small',
    regen: 250000,
    askamu: PROJECT_GOAL,
    roi: 12,
    reduration: 12,
    initialins: 0,
    bplan: 'Grow the business with the money raised.',
    tlicense: `TRAD/DNCC/${String(10_000 + n)}/2025`,
    btin: `BIN-${String(100_000_000 + n)}`,
    companyImage: PNG,
    investType: 'Halal Way',
    contract: 'Murabaha',
    goods: 'Stock and equipment for the season',
    financialDocument: 'Bank Statement',
    security: 'Bank Cheque',
    return: 'Recurring',
    returningTime: 3,
    totalDuration: 12,
    accountNum: String(20_501_000_000 + n),
    accountName: `Load Test Venture ${n}`,
    bankName: 'Islami Bank Bangladesh',
    branchName: 'Dhanmondi',
    branchRoute: '125261234',
    branchAdd: 'Road 2, Dhanmondi, Dhaka',
    sharePercentage: 30,
    briefDescrip: 'A venture that takes part in the load test.',
    busExViLink: 'https://www.youtube.com/watch?v=abc123',
    socialMedia: [{ name: 'Facebook', link: `https://facebook.com/venture${n}` }],
  };
}

export const agreementRequest = (amount: number, name: string) => ({
  investDate: new Date().toISOString().slice(0, 10),
  investorType: 'Individual',
  investorName: name,
  investorAddress: 'Gulshan 2, Dhaka',
  investmentAmount: amount,
  investmentType: 'Halal Way',
  documents: [{ description: 'Bank statement', file: PNG }],
});

export const acceptance = () => ({ documents: [{ description: 'Signed agreement', file: PNG }] });

/** A pledge of `amount` with a payment method its tier allows (DOMAIN.md). */
export function donation(amount: number, name: string) {
  const paymentMethod = amount > 50_000 ? 'Bank' : amount > 25_000 ? 'Card' : 'Mobile Banking';
  return { amount, paymentMethod, name, anonymous: false };
}
