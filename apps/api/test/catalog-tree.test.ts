import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { api, createCatalogTestApp, sampleInput, token, updateUrl, type CatalogTestApp } from './catalog.fixtures.ts';

/** Every tree area: lazy levels, the tree as an edit form opens it, moves, loops refused, subtree delete/restore. */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const trees = catalogRegistry.all.filter((c) => c.parentField);

describe.each(trees.map((c) => [c.area, c] as const))('%s', (_area, c) => {
  const pf = c.parentField!;
  const as = { 'x-test-as': 'department' };
  const create = async (tag: string, n: number, parentId: string | null) => {
    const res = await t.request({
      method: 'POST',
      url: api(c, c.paths.create),
      headers: as,
      payload: await sampleInput(t, c, tag, n, parentId),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; updatedAt: string } & Record<string, unknown>;
  };
  const get = (path: string, query: Record<string, string> = {}) =>
    t.request({ url: api(c, path), query, headers: as });

  it('loads levels lazily and opens expanded down to a node', async () => {
    const tag = token();
    const root = await create(tag, 1, null);
    const child = await create(tag, 2, root.id);
    const grandchild = await create(tag, 3, child.id);
    expect(child[pf]).toBe(root.id);
    expect(child[pf.replace(/Id$/, 'Name')]).toBe(root[c.declaration.titleField]);

    const roots = (await get(c.paths.treeRoot)).json() as { id: string; hasChildren: boolean }[];
    expect(roots.find((r) => r.id === root.id)).toMatchObject({ hasChildren: true });
    expect(roots.some((r) => r.id === child.id)).toBe(false);
    const children = await get(c.paths.treeChildren, { parentId: root.id });
    expect(children.statusCode, children.body).toBe(200);
    expect(children.json()).toEqual([expect.objectContaining({ id: child.id, hasChildren: true })]);

    const opened = (await get(c.paths.treeFromUpdate, { id: grandchild.id })).json() as {
      id: string;
      children?: { id: string; children?: { id: string }[] }[];
    }[];
    const r = opened.find((n) => n.id === root.id)!;
    expect(r.children?.[0]?.id).toBe(child.id);
    expect(r.children?.[0]?.children?.[0]?.id).toBe(grandchild.id);

    // A keyword finds the node and brings its ancestors along, nested.
    const found = (await get(c.paths.treeRoot, { keyWord: `dac biet viet ${tag.toLowerCase()} so 3` })).json() as {
      id: string;
      children?: { id: string; children?: { id: string }[] }[];
    }[];
    expect(found).toHaveLength(1);
    expect(found[0]!.id).toBe(root.id);
    expect(found[0]!.children?.[0]?.children?.[0]?.id).toBe(grandchild.id);
    expect((await get(c.paths.treeChildren)).statusCode).toBe(400);
  });

  it('moves a node to another parent and refuses loops', async () => {
    const tag = token();
    const a = await create(tag, 1, null);
    const b = await create(tag, 2, null);
    const a1 = await create(tag, 3, a.id);
    const moved = await t.request({
      method: 'PUT',
      url: updateUrl(c, a1.id),
      headers: as,
      payload: { ...(await sampleInput(t, c, tag, 3, b.id)) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()[pf]).toBe(b.id);
    // b under its own child: a loop.
    const loop = await t.request({
      method: 'PUT',
      url: updateUrl(c, b.id),
      headers: as,
      payload: { ...(await sampleInput(t, c, tag, 2, a1.id)) },
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().error.details).toEqual([expect.objectContaining({ field: pf, code: 'cycle' })]);
    const self = await t.request({
      method: 'PUT',
      url: updateUrl(c, b.id),
      headers: as,
      payload: { ...(await sampleInput(t, c, tag, 2, b.id)) },
    });
    expect(self.statusCode).toBe(400);
  });

  it('deletes a node with its subtree; the trash shows the node; restore brings the subtree back', async () => {
    const tag = token();
    const root = await create(tag, 1, null);
    const child = await create(tag, 2, root.id);
    const grandchild = await create(tag, 3, child.id);
    const del = await t.request({ method: 'POST', url: api(c, c.paths.delete), headers: as, payload: [root.id] });
    expect(del.json()).toEqual({ deleted: 3 });
    expect((await get(c.paths.detail.replace('{id}', grandchild.id))).statusCode).toBe(404);
    const trash = (
      await t.request({ url: '/api/RecycleBin/recycleBins', query: { keyWord: tag, area: c.area }, headers: as })
    ).json();
    expect(trash.pageLists.map((r: { id: string }) => r.id)).toEqual([root.id]);
    // The child alone cannot come back while its parent is in the trash.
    const orphan = await t.request({
      method: 'POST',
      url: '/api/RecycleBin/restore',
      headers: as,
      payload: { area: c.area, ids: [child.id] },
    });
    expect(orphan.json().error.code).toBe('PARENT_DELETED');
    const restored = await t.request({
      method: 'POST',
      url: '/api/RecycleBin/restore',
      headers: as,
      payload: { area: c.area, ids: [root.id] },
    });
    expect(restored.json()).toEqual({ restored: 3 });
    expect((await get(c.paths.detail.replace('{id}', grandchild.id))).statusCode).toBe(200);
    // Purging the root removes the subtree for good.
    await t.request({ method: 'POST', url: api(c, c.paths.delete), headers: as, payload: [root.id] });
    const purged = await t.request({
      method: 'POST',
      url: '/api/RecycleBin/permanent-delete',
      headers: as,
      payload: { area: c.area, ids: [root.id] },
    });
    expect(purged.statusCode, purged.body).toBe(200);
    const left = (
      await t.request({ url: '/api/RecycleBin/recycleBins', query: { keyWord: tag, area: c.area }, headers: as })
    ).json();
    expect(left.totalRecord).toBe(0);
  });

  it('imports a tree whose parents are rows of the same file, in any order, and refuses loops', async () => {
    const tag = token();
    const rows = [
      { ...(await sampleInput(t, c, tag, 3)), [pf]: `${tag}-2` },
      { ...(await sampleInput(t, c, tag, 1)), [pf]: null },
      { ...(await sampleInput(t, c, tag, 2)), [pf]: `đặc biệt việt ${tag} số 1` },
    ];
    const res = await t.request({ method: 'POST', url: api(c, c.paths.import), headers: as, payload: rows });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { isSuccess: boolean }) => r.isSuccess)).toEqual([true, true, true]);
    const [leaf, top, middle] = res.json().data as { id: string }[];
    const opened = (await get(c.paths.treeFromUpdate, { id: leaf!.id })).json() as {
      id: string;
      children?: { id: string; children?: { id: string }[] }[];
    }[];
    const r = opened.find((n) => n.id === top!.id)!;
    expect(r.children?.[0]?.id).toBe(middle!.id);
    expect(r.children?.[0]?.children?.[0]?.id).toBe(leaf!.id);

    const loop = [
      { ...(await sampleInput(t, c, `${tag}L`, 1)), [pf]: `${tag}L-2` },
      { ...(await sampleInput(t, c, `${tag}L`, 2)), [pf]: `${tag}L-1` },
      { ...(await sampleInput(t, c, `${tag}L`, 3)), [pf]: 'KHONG-CO-MA-NAY' },
    ];
    const refused = await t.request({
      method: 'POST',
      url: api(c, c.paths.import),
      query: { dryRun: 'true' },
      headers: as,
      payload: loop,
    });
    const data = refused.json().data as { isSuccess: boolean; errors: { field: string; message: string }[] }[];
    expect(data.map((r) => r.isSuccess)).toEqual([false, false, false]);
    expect(data[0]!.errors[0]!.field).toBe(pf);
    expect(data[2]!.errors[0]!.message).toContain('KHONG-CO-MA-NAY');
  });
});
