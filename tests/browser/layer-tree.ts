import type { CDPSession, Page } from 'playwright-core';

/** One composited layer of a page: its owner element (when it has one) and why Chromium composited it. */
export interface CompositedLayer {
  layerId: string;
  backendNodeId?: number;
  /** Chromium's compositing reason ids ("Overlap", "OverflowScrolling", "Viewport", …). */
  reasons: string[];
}

/**
 * The page's composited layers once it is drawn, each with its compositing reasons: what DevTools'
 * Layers panel shows. Every layer is laid out, painted and committed on its own in each frame that
 * changes it, and "Overlap" layers are ones the page did not ask for (something composited may be
 * under them). `cdp` is a session on `page` (the caller keeps it to look up the owner elements).
 */
export async function compositedLayers(page: Page, cdp: CDPSession): Promise<CompositedLayer[]> {
  const tree = new Promise<Array<{ layerId: string; backendNodeId?: number }>>((done) => {
    cdp.on('LayerTree.layerTreeDidChange', (e) => { if (e.layers) done(e.layers); });
  });
  await cdp.send('LayerTree.enable');
  await page.mouse.move(5, 5); // a frame, so that the layer tree is sent
  const out: CompositedLayer[] = [];
  for (const { layerId, backendNodeId } of await tree) {
    const { compositingReasonIds = [] } = await cdp.send('LayerTree.compositingReasons', { layerId });
    out.push({ layerId, backendNodeId, reasons: compositingReasonIds });
  }
  return out;
}
