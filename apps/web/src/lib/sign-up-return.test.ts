import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginAfterSignUp, rememberSignUpReturn } from './sign-up-return';

/** A browser's localStorage, in memory. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('the page a new account returns to after its first login', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('is the remembered invitation page, once', () => {
    rememberSignUpReturn('/invitation?token=abc');
    expect(loginAfterSignUp()).toBe(`/login?redirect=${encodeURIComponent('/invitation?token=abc')}`);
    expect(loginAfterSignUp()).toBe('/login');
  });

  it('is forgotten after a day, and never leads off the site', () => {
    rememberSignUpReturn('/invitation?token=abc');
    expect(loginAfterSignUp(Date.now() + 25 * 60 * 60 * 1000)).toBe('/login');
    rememberSignUpReturn('//evil.example/x');
    expect(loginAfterSignUp()).toBe('/login');
  });
});
