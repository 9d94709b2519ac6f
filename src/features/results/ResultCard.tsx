// One result in the gallery's grid: a grid cell (focused by the arrow keys, Enter opens it) with its
// picture, file name, kind, project and batch; audio has a play button; the ⋯ menu (also Shift+F10, the
// menu key or a right click) opens, shows in the folder, plays. In the desktop app it drags out as the file.
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { kindWord, type ResultItem } from './result-items';
import { dragResult, openResult, resultFileUrl, showResultInFolder } from './results-actions';
import { useResultsStore } from './results-store';
import { ResultPoster } from './ResultPoster';
import { useNavStore } from '../navigation/nav-store';
import { showJobInQueue } from '../queue/show-job';
import { failureMessage } from '../../lib/api';

export interface ResultCardProps {
  item: ResultItem;
  /** Takes Tab into the grid (roving tabindex). */
  active: boolean;
  dragOut: boolean;
  menuOpen: boolean;
  onMenuOpenChange(open: boolean): void;
}

function labelOf(item: ResultItem): string {
  const where = item.batchName ? `${item.projectName}, batch ${item.batchName}` : item.projectName;
  const what = item.summary ? `${item.summary}, ` : '';
  return `${what}${kindWord(item.kind).toLowerCase()}, ${where}, ${item.fileName}`;
}

/** Plays or pauses a result's audio; only one plays at a time. */
export async function togglePlay(jobId: string): Promise<void> {
  const store = useResultsStore.getState();
  store.setPlaying(store.playingId === jobId ? null : jobId);
}

/** This card's sound stops for good (the store says so too, so it never starts again on its own). */
function stopIfPlaying(jobId: string): void {
  if (useResultsStore.getState().playingId === jobId) useResultsStore.getState().setPlaying(null);
}

function AudioPlayer({ item }: { item: ResultItem }): React.JSX.Element {
  const audio = useRef<HTMLAudioElement>(null);
  const playing = useResultsStore((state) => state.playingId === item.jobId);
  // Screens stay mounted when another is shown: leaving Results stops the sound, as unmounting the card does.
  const shown = useNavStore((state) => state.screen === 'results');
  useEffect(() => {
    if (!shown) stopIfPlaying(item.jobId);
  }, [shown, item.jobId]);
  useEffect(() => () => stopIfPlaying(item.jobId), [item.jobId]);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (!playing) {
      element.pause();
      return;
    }
    let current = true;
    void (async () => {
      try {
        // Asked when first played: the address is the host's own, for this file only.
        if (!element.src) {
          const url = await resultFileUrl(item.jobId);
          if (!url) throw new Error('This file cannot be played here: choose Open to play it in its app.');
          if (!current) return;
          element.src = url;
        }
        await element.play();
      } catch (error) {
        // Asked afresh next time (the browser host's address of a file expires after a while).
        element.removeAttribute('src');
        if (!current) return;
        useResultsStore.getState().setPlaying(null);
        useResultsStore
          .getState()
          .notify({ tone: 'error', title: 'The audio could not be played', message: failureMessage(error) });
      }
    })();
    return () => {
      current = false;
    };
  }, [playing, item.jobId]);
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-sm result-play"
        tabIndex={-1}
        aria-pressed={playing}
        aria-label={`${playing ? 'Pause' : 'Play'} ${item.fileName}`}
        onClick={() => void togglePlay(item.jobId)}
      >
        <span className={playing ? 'icon-pause' : 'icon-play'} aria-hidden="true" />
        {playing ? 'Pause' : 'Play'}
      </button>
      <audio
        ref={audio}
        preload="none"
        onEnded={() => useResultsStore.getState().setPlaying(null)}
        aria-label={`Audio of ${item.fileName}`}
      />
    </>
  );
}

export function ResultCard({
  item,
  active,
  dragOut,
  menuOpen,
  onMenuOpenChange,
}: ResultCardProps): React.JSX.Element {
  const cell = useRef<HTMLDivElement>(null);
  const firstItem = useRef<HTMLDivElement>(null);
  const playing = useResultsStore((state) => state.playingId === item.jobId);
  useEffect(() => {
    if (!menuOpen) return;
    // Opened from the keys (Shift+F10), a right click or ⋯ alike: the first action takes focus, once Radix
    // has put it on the menu itself.
    // Tried frame after frame until it holds (the menu's item is drawn in a portal a little later).
    let frame = 0;
    const focusFirst = (frames: number) => {
      frame = requestAnimationFrame(() => {
        firstItem.current?.focus();
        if (document.activeElement !== firstItem.current && frames > 0) focusFirst(frames - 1);
      });
    };
    focusFirst(30);
    return () => cancelAnimationFrame(frame);
  }, [menuOpen]);
  return (
    <div
      ref={cell}
      role="gridcell"
      className="result-card"
      data-job-id={item.jobId}
      data-kind={item.kind}
      tabIndex={active ? 0 : -1}
      aria-label={labelOf(item)}
      draggable={dragOut}
      onDragStart={dragOut ? (event) => dragResult(event, item.jobId) : undefined}
      onDoubleClick={() => void openResult(item.jobId)}
      onContextMenu={(event) => {
        event.preventDefault();
        cell.current?.focus();
        onMenuOpenChange(true);
      }}
      title={dragOut ? 'Double-click to open; drag onto the desktop or into another app' : undefined}
    >
      <ResultPoster item={item} />
      <div className="result-text">
        {/* What tells one job of a project from another (its text values), else its file's name. */}
        <span className="result-name" title={item.fileName}>
          {item.summary || item.fileName}
        </span>
        <span className="result-meta">
          {kindWord(item.kind)} · {item.projectName}
          {item.batchName ? ` · ${item.batchName}` : ''}
        </span>
      </div>
      <div className="result-actions">
        {item.kind === 'audio' ? <AudioPlayer item={item} /> : null}
        <DropdownMenu.Root open={menuOpen} onOpenChange={onMenuOpenChange} modal={false}>
          <DropdownMenu.Trigger
            className="btn btn-ghost btn-icon btn-sm result-more"
            tabIndex={-1}
            aria-label={`Actions for ${item.fileName}`}
          >
            <span aria-hidden="true">⋯</span>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              className="menu"
              align="end"
              sideOffset={4}
              onCloseAutoFocus={(event) => {
                // Back to the card (the ⋯ button is not in the Tab order).
                event.preventDefault();
                cell.current?.focus();
              }}
            >
              <DropdownMenu.Item
                ref={firstItem}
                className="menu-item"
                onSelect={() => void openResult(item.jobId)}
              >
                Open
              </DropdownMenu.Item>
              <DropdownMenu.Item className="menu-item" onSelect={() => void showResultInFolder(item.jobId)}>
                Show in folder
              </DropdownMenu.Item>
              {item.kind === 'audio' ? (
                <DropdownMenu.Item className="menu-item" onSelect={() => void togglePlay(item.jobId)}>
                  {playing ? 'Pause' : 'Play'}
                </DropdownMenu.Item>
              ) : null}
              <DropdownMenu.Separator className="menu-separator" />
              <DropdownMenu.Item className="menu-item" onSelect={() => showJobInQueue(item.jobId)}>
                Show the job in the Queue
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
    </div>
  );
}
