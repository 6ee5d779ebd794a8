/**
 * A file dropped anywhere on the window is imported. Dropping must always be prevented, or the
 * browser (and Electron) would navigate away to the file.
 */
import { onMounted, onUnmounted, ref, type Ref } from 'vue';

function hasFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

export function useFileDrop(onFile: (file: File) => void, target: Window = window): { readonly dragging: Ref<boolean> } {
  const dragging = ref(false);
  let depth = 0;

  const enter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth++;
    dragging.value = true;
  };
  const over = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };
  const leave = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) dragging.value = false;
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    depth = 0;
    dragging.value = false;
    const file = event.dataTransfer?.files[0];
    if (file) onFile(file);
  };

  onMounted(() => {
    target.addEventListener('dragenter', enter);
    target.addEventListener('dragover', over);
    target.addEventListener('dragleave', leave);
    target.addEventListener('drop', drop);
  });
  onUnmounted(() => {
    target.removeEventListener('dragenter', enter);
    target.removeEventListener('dragover', over);
    target.removeEventListener('dragleave', leave);
    target.removeEventListener('drop', drop);
  });
  return { dragging };
}
