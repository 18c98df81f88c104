import type { Locator, Page } from 'playwright-core';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The form control labelled exactly `label`. Mantine appends ' *' to required labels, and a password
 * field's visibility toggle mentions 'password', so a plain substring match would be ambiguous.
 */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
}

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;
/** A new person with a unique e-mail (each file has its own database, the suffix only keeps reruns readable). */
export function newPerson(firstName: string, lastName: string): Person {
  counter += 1;
  const email = `${firstName}.${lastName}.${Date.now().toString(36)}${counter}@e2e.test`.toLowerCase();
  return { firstName, lastName, email, password: `Pw-${firstName}-${counter}-secret` };
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the browser shows `path` (client-side navigations included). */
export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

/** Fills the open /register form with the spec's fields (without submitting it). */
export async function fillRegistration(page: Page, person: Person) {
  await field(page, 'First name').fill(person.firstName);
  await field(page, 'Last name').fill(person.lastName);
  await field(page, 'Email').fill(person.email);
  await field(page, 'Password').fill(person.password);
  await field(page, 'Confirm password').fill(person.password);
}

/** /register with the spec's fields; success lands on '/'. */
export async function register(page: Page, person: Person) {
  await page.goto('/register');
  await fillRegistration(page, person);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await waitForPath(page, '/');
}

/** /login with e-mail and password; success lands on '/'. */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signIn(page: Page, email: string, password: string) {
  await fillSignIn(page, email, password);
  await waitForPath(page, '/');
}

/** /create-account with an Account Name; the new account becomes active and the page goes to '/'. */
export async function createAccount(page: Page, name: string) {
  await page.goto('/create-account');
  await field(page, 'Account Name').fill(name);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await waitForPath(page, '/');
}
