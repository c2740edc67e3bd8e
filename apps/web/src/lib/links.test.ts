import { routes } from '@koma/shared/routes';
import { describe, expect, it } from 'vitest';
import { safeUrl } from './links';

describe('safeUrl', () => {
  const origin = 'http://localhost:5173';
  it('keeps web links and resolves relative ones', () => {
    expect(safeUrl('https://cdn.example/a.zip?sig=1', origin)).toBe('https://cdn.example/a.zip?sig=1');
    const zip = `${routes.workflow.zip.path}?exp=1`;
    expect(safeUrl(zip, origin)).toBe(`http://localhost:5173${zip}`);
  });
  it('refuses other schemes and empty links', () => {
    expect(safeUrl('javascript:alert(1)', origin)).toBeNull();
    expect(safeUrl('data:text/html,x', origin)).toBeNull();
    expect(safeUrl('', origin)).toBeNull();
  });
});
