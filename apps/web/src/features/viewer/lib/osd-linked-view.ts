import OpenSeadragon from 'openseadragon';
import type { LinkedView } from './viewport-sync';

/** An OpenSeadragon viewer as a LinkedView: its zoom and pan targets, followed as they are set. */
export function linkedViewOf(viewer: OpenSeadragon.Viewer): LinkedView {
  return {
    view: () => {
      const center = viewer.viewport.getCenter(false);
      return { zoom: viewer.viewport.getZoom(false), center: { x: center.x, y: center.y } };
    },
    show: ({ zoom, center }) => {
      viewer.viewport.zoomTo(zoom, undefined, false);
      viewer.viewport.panTo(new OpenSeadragon.Point(center.x, center.y), false);
    },
    onChange: (handler) => {
      viewer.addHandler('zoom', handler);
      viewer.addHandler('pan', handler);
      return () => {
        viewer.removeHandler('zoom', handler);
        viewer.removeHandler('pan', handler);
      };
    },
  };
}
