import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

const leafPath = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path;

// Both specs' route tables (spec 000 §2, spec 001 §2).
const specPaths = [
  '/',
  '/login',
  '/register',
  '/reset',
  '/user/reset',
  '/oauth/github',
  '/oauth/linuxdo',
  '/user',
  '/user/edit/12',
  '/user/edit',
  '/setting',
  '/channel',
  '/channel/add',
  '/channel/edit/3',
  '/token',
  '/playground',
  '/redemption',
  '/topup',
  '/log',
  '/detail',
  '/midjourney',
  '/task',
  '/pricing',
  '/about',
  '/chat',
  '/chat/2',
  '/chat2link',
];

describe('routes', () => {
  it.each(specPaths)('%s has its own page', (pathname) => {
    const path = leafPath(pathname);
    expect(path).toBeDefined();
    expect(path).not.toBe('*');
  });

  it.each(['/nowhere', '/channel/edit', '/token/extra/parts'])('%s is not found', (pathname) => {
    expect(leafPath(pathname)).toBe('*');
  });

  it('puts admin pages behind both guards', () => {
    for (const pathname of ['/channel', '/channel/add', '/models', '/redemption', '/user']) {
      const names = matchRoutes(routes, pathname)?.map((match) => match.route.Component?.name);
      expect(names).toEqual(expect.arrayContaining(['RequireLogin', 'RequireAdmin']));
    }
  });

  it('leaves public pages unguarded', () => {
    for (const pathname of ['/', '/login', '/pricing', '/about', '/chat/1', '/user/reset']) {
      const names = matchRoutes(routes, pathname)?.map((match) => match.route.Component?.name);
      expect(names).not.toContain('RequireLogin');
    }
  });
});
