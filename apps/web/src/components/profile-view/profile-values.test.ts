import { describe, expect, it } from 'vitest';
import { avatarUrl } from '../../lib/avatar-url';
import { safeHttpUrl } from './profile-values';

describe('safeHttpUrl', () => {
  it('keeps http and https links only', () => {
    expect(safeHttpUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHttpUrl('http://example.com')).toBe('http://example.com/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,x')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl('')).toBeNull();
  });
});

describe('avatarUrl', () => {
  it('asks for the 80x80 thumbnail', () => {
    expect(avatarUrl('/api/files/1/a.png')).toBe('/api/files/1/a.png?w=80');
    expect(avatarUrl('')).toBeUndefined();
  });
});
