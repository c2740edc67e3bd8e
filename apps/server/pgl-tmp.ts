import { PGlite } from '@electric-sql/pglite';

let t = Date.now();
const a = new PGlite();
await a.waitReady;
console.log('init', Date.now() - t);
t = Date.now();
await a.exec('create table x(id int); insert into x values (1)');
console.log('exec', Date.now() - t);
t = Date.now();
const b = await (a as any).clone();
console.log('clone', Date.now() - t, (await b.query('select * from x')).rows);
t = Date.now();
const c = new PGlite();
await c.waitReady;
console.log('init2', Date.now() - t);
