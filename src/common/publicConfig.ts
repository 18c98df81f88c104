export interface PublicConfig {
  productName: string;
  signInMethods: { emailPassword: boolean; google: boolean };
  minPasswordLength: number;
  /** 'test': the built-in test-mode provider (pages marked TEST MODE); 'stripe': Stripe with this publishable key. */
  payments: { mode: 'test' | 'stripe'; publishableKey: string | null };
}
