export interface PublicConfig {
  productName: string;
  signInMethods: { emailPassword: boolean; google: boolean };
  minPasswordLength: number;
  payments: { mode: 'test' | 'live'; publishableKey: string | null };
}
