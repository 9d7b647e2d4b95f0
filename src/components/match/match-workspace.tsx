'use client';
/**
 * The /match page: upload a supplier CSV, map its columns, watch the batch's progress (TanStack Query polls
 * while it runs), review the doubtful rows side by side with their candidates and explanations (accept, pick
 * another, not in the list), then link the accepted organisations and download the result. The batch in view
 * is `?batch=<id>` in the URL, so a reload or a restart of the server resumes watching it.
 *
 * The registry pass is opted in at upload (with a default country for rows that name none); its candidates are
 * labelled with their registry ("Registry: ABN Lookup") and become organisations when the batch is applied. A
 * batch whose job gave up shows its reason and a Resume button.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { useId, useState } from 'react';
import { inStatusFilter } from '../../core/focus-panel';
import { registryIdentifierLabels } from '../../core/registry-identifier-display';
import { isInactive, registryStatusBadge } from '../../core/registry-status';
import {
  Button,
  Checkbox,
  FileTrigger,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  ProgressBar,
  Radio,
  RadioGroup,
  Select,
  SelectValue,
  TextField,
  type Key,
} from 'react-aria-components';
import {
  candidateId,
  candidateSourceLabel,
  csvHeader,
  MAX_BATCH_BYTES,
  registryCandidatePlace,
  type BatchDecision,
  type BatchRowCandidate,
  type ColumnMapping,
} from '../../core/batch-matching';
import type { BatchRowView, BatchSummary } from '../../server/batch-matching/match-batch';
import { RegistryStatusBadge } from '../registry-status/registry-status-badge';
import {
  applyBatch,
  BATCH_POLL_INTERVAL_MS,
  fetchBatch,
  fetchRows,
  matchBatchKey,
  matchRowsKey,
  MatchApiError,
  resultUrl,
  resumeBatch,
  reviewRow,
  uploadBatch,
  type RowsPage,
  type RowsView,
} from './match-api';

const NONE = '__none__';
const ROWS_PAGE = 20;
type Field = keyof ColumnMapping;
const FIELDS: { field: Field; label: string; guess: RegExp }[] = [
  { field: 'name', label: 'Name column (required)', guess: /name|supplier|vendor|company|organi[sz]ation/i },
  { field: 'country', label: 'Country column', guess: /country|land|nation/i },
  { field: 'identifier', label: 'Identifier column', guess: /abn|acn|identifier|company.?(number|no)|registration|^id$/i },
  { field: 'website', label: 'Website column', guess: /web|site|url|domain/i },
];

function message(error: unknown): string {
  return error instanceof MatchApiError ? error.message : 'Something went wrong. Check your connection and try again.';
}

export function MatchWorkspace({ recent }: { recent: BatchSummary[] }) {
  const params = useSearchParams();
  const router = useRouter();
  const batchId = params.get('batch');
  const open = (id: string | null) => router.push(id === null ? '/match' : `/match?batch=${encodeURIComponent(id)}`);
  return (
    <div className="match-workspace">
      {batchId === null ? <UploadForm onUploaded={open} /> : <BatchView batchId={batchId} onClose={() => open(null)} />}
      {recent.length > 0 ? (
        <section aria-labelledby="match-recent-heading" className="match-section">
          <h2 id="match-recent-heading">Recent batches</h2>
          <ul className="match-recent">
            {recent.map((b) => (
              <li key={b.id}>
                <a href={`/match?batch=${encodeURIComponent(b.id)}`} aria-current={b.id === batchId ? 'page' : undefined}>
                  {b.fileName}
                </a>{' '}
                <RecentCounts summary={b} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * A recent batch's counts: as the page was served, or as they are now when the batch is in view (its summary's
 * query, polled while it runs and refreshed after a review or an apply, is shared; this one never fetches itself).
 */
function RecentCounts({ summary }: { summary: BatchSummary }) {
  const live = useQuery({ queryKey: matchBatchKey(summary.id), queryFn: ({ signal }) => fetchBatch(summary.id, signal), enabled: false });
  return <span className="match-muted">{recentText(live.data ?? summary)}</span>;
}

/** "6 rows, completed: 2 matched, 3 to review, 1 not found; 3 reviewed; applied" (the counts of the batch as it stands). */
function recentText(b: BatchSummary): string {
  const rows = `${b.totalRows.toLocaleString('en')} rows`;
  if (b.status === 'queued' || b.status === 'running') return `${rows}, ${b.processedRows.toLocaleString('en')} matched so far`;
  const counts = `${b.matchedRows.toLocaleString('en')} matched, ${b.reviewRows.toLocaleString('en')} to review, ${b.noMatchRows.toLocaleString('en')} not found`;
  const reviewed = b.reviewedRows > 0 ? `; ${b.reviewedRows.toLocaleString('en')} reviewed` : '';
  return `${rows}, ${b.status}: ${counts}${reviewed}${b.applied === null ? '' : '; applied'}`;
}

function UploadForm({ onUploaded }: { onUploaded: (batchId: string) => void }) {
  const [file, setFile] = useState<{ name: string; text: string; header: string[] } | null>(null);
  const [columns, setColumns] = useState<Partial<Record<Field, string>>>({});
  const [registryPass, setRegistryPass] = useState(false);
  const [defaultCountry, setDefaultCountry] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(files: FileList | null) {
    setError(null);
    const chosen = files?.[0];
    if (!chosen) return;
    if (chosen.size > MAX_BATCH_BYTES) {
      setError(`The file is larger than ${MAX_BATCH_BYTES / 1024 / 1024} MB.`);
      return;
    }
    const text = await chosen.text();
    const header = csvHeader(text);
    if (header.length === 0 || header.every((h) => h === '')) {
      setError('The file has no header line.');
      return;
    }
    setFile({ name: chosen.name, text, header });
    const guessed: Partial<Record<Field, string>> = {};
    for (const { field, guess } of FIELDS) {
      const hit = header.find((h) => guess.test(h) && !Object.values(guessed).includes(h));
      if (hit !== undefined) guessed[field] = hit;
    }
    guessed.name ??= header[0];
    setColumns(guessed);
  }

  async function upload() {
    if (file === null || busy) return;
    const name = columns.name;
    if (name === undefined) {
      setError('Choose the column that holds the names.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const created = await uploadBatch({
        fileName: file.name,
        csv: file.text,
        columns: { name, country: columns.country ?? null, identifier: columns.identifier ?? null, website: columns.website ?? null },
        registryPass,
        defaultCountry: registryPass && defaultCountry.trim() !== '' ? defaultCountry.trim() : null,
      });
      onUploaded(created.batchId);
    } catch (failure) {
      setError(message(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="match-upload-heading" className="match-section">
      <h2 id="match-upload-heading">Upload a supplier file</h2>
      <p className="match-muted">A CSV with a header line, up to 100,000 rows and 20 MB.</p>
      <div className="match-file">
        <FileTrigger acceptedFileTypes={['.csv', 'text/csv']} onSelect={(files) => void choose(files)}>
          <Button className="button">Choose a CSV file</Button>
        </FileTrigger>
        <span className="match-file-name" aria-live="polite">
          {file ? `${file.name}: ${file.header.length} columns` : 'No file chosen'}
        </span>
      </div>
      {file ? (
        <>
          <div className="match-mapping">
            {FIELDS.map(({ field, label }) => (
              <ColumnSelect
                key={field}
                label={label}
                header={file.header}
                required={field === 'name'}
                value={columns[field] ?? null}
                onChange={(value) => setColumns((current) => ({ ...current, [field]: value ?? undefined }))}
              />
            ))}
          </div>
          <div className="match-registry-option">
            <Checkbox className="match-checkbox" isSelected={registryPass} onChange={setRegistryPass}>
              <span className="match-checkbox-box" aria-hidden="true">
                {registryPass ? '✓' : ''}
              </span>
              Look up rows without a match on their country&apos;s registry (ABN Lookup for Australia, OpenCorporates elsewhere)
            </Checkbox>
            {registryPass ? (
              <TextField className="match-text-field" value={defaultCountry} onChange={setDefaultCountry}>
                <Label className="match-label">Default country (for rows without one)</Label>
                <Input className="match-input" placeholder="e.g. Australia" />
              </TextField>
            ) : null}
          </div>
          <Button className="button button-primary" onPress={() => void upload()} isDisabled={busy}>
            {busy ? 'Uploading…' : 'Match the file'}
          </Button>
        </>
      ) : null}
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function ColumnSelect(props: { label: string; header: string[]; required: boolean; value: string | null; onChange: (value: string | null) => void }) {
  const selected: Key = props.value === null ? NONE : `col:${props.value}`;
  return (
    <Select
      className="match-select"
      selectedKey={selected}
      onSelectionChange={(key) => props.onChange(key === NONE || key === null ? null : String(key).slice(4))}
    >
      <Label className="match-label">{props.label}</Label>
      <Button className="match-select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="match-select-popover">
        <ListBox className="match-select-options">
          {props.required ? null : (
            <ListBoxItem id={NONE} className="match-select-option">
              Not in the file
            </ListBoxItem>
          )}
          {props.header.map((column, i) => (
            <ListBoxItem key={`${i}:${column}`} id={`col:${column}`} className="match-select-option">
              {column === '' ? `(column ${i + 1})` : column}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

function BatchView({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  const batch = useQuery({
    queryKey: matchBatchKey(batchId),
    queryFn: ({ signal }) => fetchBatch(batchId, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'completed' || query.state.data?.status === 'failed' || query.state.error ? false : BATCH_POLL_INTERVAL_MS,
  });
  if (batch.error) {
    return (
      <section className="match-section">
        <p role="alert" className="form-error">
          {message(batch.error)}
        </p>
        <Button className="button" onPress={onClose}>
          Upload another file
        </Button>
      </section>
    );
  }
  const summary = batch.data;
  if (summary === undefined) return <p className="match-muted">Loading the batch…</p>;
  const done = summary.status === 'completed';
  const registry = summary.registry;
  const inRegistryPass = registry !== null && !done && summary.processedRows >= summary.totalRows;
  return (
    <>
      <section aria-labelledby="match-progress-heading" className="match-section">
        <h2 id="match-progress-heading">{summary.fileName}</h2>
        <ProgressBar className="match-progress" value={summary.processedRows} maxValue={Math.max(summary.totalRows, 1)} aria-label="Rows matched">
          {({ percentage }) => (
            <>
              <div className="match-progress-label">
                <span>{done ? 'Matched' : summary.status === 'failed' ? 'Stopped' : inRegistryPass ? 'Looking up the registries…' : 'Matching…'}</span>
                <span>
                  {summary.processedRows.toLocaleString('en')} of {summary.totalRows.toLocaleString('en')} rows ({Math.round(percentage ?? 0)}%)
                </span>
              </div>
              <div className="match-progress-track">
                <div className="match-progress-fill" style={{ width: `${percentage ?? 0}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
        {registry !== null ? (
          <p className="match-muted">
            Registry pass:{' '}
            {registry.processedRows >= summary.totalRows
              ? 'done'
              : `${registry.processedRows.toLocaleString('en')} of ${summary.totalRows.toLocaleString('en')} rows`}
            ; {registry.lookedUpRows.toLocaleString('en')} looked up (at most {registry.cap.toLocaleString('en')}), {registry.foundRows.toLocaleString('en')}{' '}
            found, {registry.failedRows.toLocaleString('en')} failed, {registry.skippedRows.toLocaleString('en')} skipped
            {registry.defaultCountry ? `; default country ${registry.defaultCountry}` : ''}.
          </p>
        ) : null}
        {summary.status === 'failed' || summary.stalled ? (
          <ResumeBatch batchId={batchId} reason={summary.status === 'failed' ? summary.failureReason : 'no progress for a while; its job stopped'} />
        ) : null}
        <dl className="match-counts">
          <div>
            <dt>Matched</dt>
            <dd>{summary.matchedRows.toLocaleString('en')}</dd>
          </div>
          <div>
            <dt>To review</dt>
            <dd>{summary.reviewRows.toLocaleString('en')}</dd>
          </div>
          <div>
            <dt>Not found</dt>
            <dd>{summary.noMatchRows.toLocaleString('en')}</dd>
          </div>
          <div>
            <dt>Reviewed</dt>
            <dd>{summary.reviewedRows.toLocaleString('en')}</dd>
          </div>
        </dl>
        {summary.assessor === 'uncalibrated' ? (
          <p className="match-muted">Scores are uncalibrated: the calibrated match confidence is not available yet.</p>
        ) : null}
        {done ? <BatchActions batchId={batchId} applied={summary.applied} /> : null}
        <Button className="button button-quiet" onPress={onClose}>
          Upload another file
        </Button>
      </section>
      {done ? <RowsList batchId={batchId} summary={summary} /> : null}
    </>
  );
}

function ResumeBatch({ batchId, reason }: { batchId: string; reason: string | null }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function resume() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await resumeBatch(batchId);
      await client.invalidateQueries({ queryKey: matchBatchKey(batchId) });
    } catch (failure) {
      setError(message(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="match-failed" role="group" aria-label="The batch stopped">
      <p role="alert" className="form-error">
        The batch stopped: {reason ?? 'the matching job gave up'}.
      </p>
      <Button className="button button-primary" onPress={() => void resume()} isDisabled={busy}>
        {busy ? 'Resuming…' : 'Resume'}
      </Button>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "26 Nov" in the reader's own calendar. */
function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}

/** "Applied 26 Nov: 11 accepted, 8 added to your list, 3 created from registry candidates." */
function appliedText(applied: NonNullable<BatchSummary['applied']>): string {
  const created = applied.created > 0 ? ' (their profiles are being enriched)' : '';
  return `Applied ${dayOf(applied.at)}: ${applied.accepted.toLocaleString('en')} accepted, ${applied.linked.toLocaleString('en')} added to your list, ${applied.created.toLocaleString('en')} created from registry candidates${created}.`;
}

function BatchActions({ batchId, applied }: { batchId: string; applied: BatchSummary['applied'] }) {
  const client = useQueryClient();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  async function link() {
    if (state.busy) return;
    setState({ busy: true, error: null });
    try {
      await applyBatch(batchId);
      // The batch remembers the apply: its summary says when and what it did.
      await client.invalidateQueries({ queryKey: matchBatchKey(batchId) });
      setState({ busy: false, error: null });
    } catch (failure) {
      setState({ busy: false, error: message(failure) });
    }
  }
  const label = state.busy ? 'Adding…' : applied === null ? 'Add accepted organisations to my list' : `Applied ${dayOf(applied.at)}: add again`;
  return (
    <div className="match-actions">
      <Button className={applied === null ? 'button button-primary' : 'button'} onPress={() => void link()} isDisabled={state.busy}>
        {label}
      </Button>
      <a className="button" href={resultUrl(batchId, 'csv')} download>
        Download the result (CSV)
      </a>
      <a className="button button-quiet" href={resultUrl(batchId, 'jsonl')} download>
        JSON lines
      </a>
      <p role="status" className="match-status">
        {applied === null ? null : appliedText(applied)}
      </p>
      {state.error ? (
        <p role="alert" className="form-error">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

const VIEWS: { view: RowsView; label: string; count: (s: BatchSummary) => number }[] = [
  { view: 'all', label: 'All rows', count: (s) => s.totalRows },
  { view: 'match', label: 'Matched', count: (s) => s.matchedRows },
  { view: 'review', label: 'To review', count: (s) => s.reviewRows },
  { view: 'no_match', label: 'Not found', count: (s) => s.noMatchRows },
  { view: 'reviewed', label: 'Reviewed', count: (s) => s.reviewedRows },
];

/**
 * Every row of the batch, filterable by decision (matched, to review, not found) or reviewed, 20 a page, paged by
 * row number (the page after the last row shown, or before the first): each page is one bounded index range.
 */
function RowsList({ batchId, summary }: { batchId: string; summary: BatchSummary }) {
  const [view, setView] = useState<RowsView>(summary.reviewRows > 0 ? 'review' : 'all');
  const [page, setPage] = useState<{ number: number; at: RowsPage }>({ number: 0, at: {} });
  const [hideInactive, setHideInactive] = useState(false);
  const rows = useQuery({
    queryKey: matchRowsKey(batchId, view, page.at),
    queryFn: ({ signal }) => fetchRows(batchId, view, page.at, ROWS_PAGE, signal),
  });
  const total = VIEWS.find((v) => v.view === view)?.count(summary) ?? 0;
  const shown = rows.data ?? [];
  const first = page.number * ROWS_PAGE;
  const last = Math.min(first + shown.length, total);
  const choose = (next: RowsView) => {
    setView(next);
    setPage({ number: 0, at: {} });
  };
  return (
    <section aria-labelledby="match-rows-heading" className="match-section">
      <h2 id="match-rows-heading">Rows</h2>
      <RadioGroup className="match-views" value={view} onChange={(v) => choose(VIEWS.find((x) => x.view === v)?.view ?? 'all')} orientation="horizontal">
        <Label className="match-label">Show</Label>
        <div className="match-views-options">
          {VIEWS.map((v) => (
            <Radio key={v.view} value={v.view} className="match-view">
              {v.label} ({v.count(summary).toLocaleString('en')})
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <p className="match-muted" aria-live="polite">
        {total === 0 ? 'No rows here.' : `Rows ${(first + 1).toLocaleString('en')}-${last.toLocaleString('en')} of ${total.toLocaleString('en')}`}
      </p>
      <Checkbox className="match-checkbox match-hide-inactive" isSelected={hideInactive} onChange={setHideInactive}>
        <span className="match-checkbox-box" aria-hidden="true">
          {hideInactive ? '✓' : ''}
        </span>
        Hide inactive candidates (dissolved, cancelled)
      </Checkbox>
      {rows.error ? (
        <p role="alert" className="form-error">
          {message(rows.error)}
        </p>
      ) : null}
      <ol className="match-review-list">
        {shown.map((row) => (
          <li key={row.rowIndex}>
            <ReviewRow key={`${row.rowIndex}:${row.review?.decidedAt ?? ''}`} batchId={batchId} row={row} hideInactive={hideInactive} />
          </li>
        ))}
      </ol>
      <div className="match-pager">
        <Button
          className="button"
          isDisabled={page.number === 0 || shown[0] === undefined}
          onPress={() => {
            const top = shown[0];
            if (top !== undefined) setPage({ number: Math.max(0, page.number - 1), at: page.number <= 1 ? {} : { before: top.rowIndex } });
          }}
        >
          Previous
        </Button>
        <Button
          className="button"
          isDisabled={last >= total || shown.length < ROWS_PAGE}
          onPress={() => {
            const bottom = shown.at(-1);
            if (bottom !== undefined) setPage({ number: page.number + 1, at: { after: bottom.rowIndex } });
          }}
        >
          Next
        </Button>
      </div>
    </section>
  );
}

const DECISION_LABELS: Record<BatchDecision, string> = { match: 'Matched', review: 'To review', no_match: 'Not found' };

function describeInput(row: BatchRowView): string {
  const parts = [row.input.country, row.input.identifier, row.input.website].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' · ') : 'no other details';
}

function reviewText(row: BatchRowView, candidates: readonly BatchRowCandidate[]): string {
  const review = row.review;
  if (review === null) return 'Not reviewed yet';
  if (review.action === 'not_in_list') return 'Marked not in the list';
  const chosen = candidates.find((c) => (c.kind === 'registry' ? c.key === review.registryKey : c.organisationId === review.organisationId));
  return `${review.action === 'accept' ? 'Accepted' : 'Picked'}: ${chosen?.name ?? 'an organisation'}`;
}

function ReviewRow({ batchId, row, hideInactive }: { batchId: string; row: BatchRowView; hideInactive: boolean }) {
  const client = useQueryClient();
  const headingId = useId();
  const allCandidates = row.result?.candidates ?? [];
  // Hide inactive (a filter like the focus panel's): the rows the register lists as dissolved or cancelled go.
  const candidates = allCandidates.filter((c) => inStatusFilter(hideInactive, c.registryStatus));
  const hidden = allCandidates.length - candidates.length;
  const reviewed = row.review === null ? null : row.review.registryKey === null ? row.review.organisationId : `registry:${row.review.registryKey}`;
  const first = candidates[0];
  const [picked, setPicked] = useState<string>(reviewed ?? (first === undefined ? '' : candidateId(first)));
  const pickedCandidate = candidates.find((c) => candidateId(c) === picked);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** An accept or pick of a candidate the register lists as inactive waits for "Use it anyway?". */
  const [pending, setPending] = useState<{ review: Parameters<typeof reviewRow>[2]; candidate: BatchRowCandidate } | null>(null);

  /** The candidate a review takes: the best for accept, the picked one for pick. */
  function targetOf(review: Parameters<typeof reviewRow>[2]): BatchRowCandidate | undefined {
    if (review.action === 'accept') return row.result?.best ?? undefined;
    if (review.action === 'pick') return pickedCandidate;
    return undefined;
  }

  function requestDecision(review: Parameters<typeof reviewRow>[2]) {
    const target = targetOf(review);
    if (target !== undefined && isInactive(target.registryStatus)) setPending({ review, candidate: target });
    else void decide(review);
  }

  async function decide(review: Parameters<typeof reviewRow>[2]) {
    if (busy) return;
    setPending(null);
    setBusy(true);
    setError(null);
    try {
      await reviewRow(batchId, row.rowIndex, review);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['match-batches', batchId, 'rows'] }),
        client.invalidateQueries({ queryKey: matchBatchKey(batchId) }),
      ]);
    } catch (failure) {
      setError(message(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article className="match-review-row" aria-labelledby={headingId}>
      <div className="match-review-input">
        <h3 id={headingId}>
          Row {row.rowIndex + 1}: {row.input.name || '(no name)'}
        </h3>
        <p className="match-muted">{describeInput(row)}</p>
        {row.decision === null ? null : (
          <p className="match-decision" data-decision={row.decision}>
            {DECISION_LABELS[row.decision]}
          </p>
        )}
        {row.result?.identifierIssue ? <p className="match-identifier-issue">{row.result.identifierIssue.message}.</p> : null}
        <p>{row.result?.explanation}</p>
        {row.result?.registry ? <p className="match-muted">{row.result.registry.message}</p> : null}
        <p className="match-review-state" role="status">
          {reviewText(row, candidates)}
        </p>
      </div>
      <RadioGroup className="match-candidates" value={picked} onChange={setPicked} aria-label={`Candidates for row ${row.rowIndex + 1}`}>
        {candidates.map((candidate) => (
          <Radio key={candidateId(candidate)} value={candidateId(candidate)} className="match-candidate" data-kind={candidate.kind}>
            <span className="match-candidate-name">{candidate.name}</span> <RegistryStatusBadge status={candidate.registryStatus} />
            <span className={candidate.kind === 'registry' ? 'match-candidate-source match-candidate-registry' : 'match-candidate-source'}>
              {candidateSourceLabel(candidate)}
              {candidate.kind === 'registry' ? ` · ${registryPlaceLabel(candidate)}${registryIdentifierText(candidate.identifiers)}` : ''}
            </span>
            <span className="match-candidate-score">score {candidate.match.score}</span>
            <span className="match-muted">
              name {candidate.match.grades.name}, identifier {candidate.match.grades.identifier}, website {candidate.match.grades.website}, country{' '}
              {candidate.match.grades.country}
              {candidate.countryIsoAlpha3 ? ` · ${candidate.countryIsoAlpha3}` : ''}
              {candidate.website ? ` · ${candidate.website}` : ''}
            </span>
          </Radio>
        ))}
      </RadioGroup>
      {hidden > 0 ? <p className="match-muted">{hidden === 1 ? '1 inactive candidate hidden' : `${hidden} inactive candidates hidden`}</p> : null}
      {pending ? (
        <div role="alertdialog" aria-label="Use an inactive organisation?" className="match-inactive-question" data-testid="inactive-selection-question">
          <p>
            <strong>{pending.candidate.name}</strong> is {registryStatusBadge(pending.candidate.registryStatus) ?? 'Inactive'} on the register. Use it anyway?
          </p>
          <Button className="button button-primary" isDisabled={busy} onPress={() => void decide(pending.review)}>
            Use it anyway
          </Button>{' '}
          <Button className="button" onPress={() => setPending(null)}>
            Cancel
          </Button>
        </div>
      ) : null}
      <div className="match-review-actions">
        <Button className="button button-primary" isDisabled={busy || allCandidates.length === 0} onPress={() => requestDecision({ action: 'accept' })}>
          Accept the best
        </Button>
        <Button
          className="button"
          isDisabled={busy || pickedCandidate === undefined}
          onPress={() =>
            pickedCandidate === undefined
              ? undefined
              : requestDecision(
                  pickedCandidate.kind === 'registry'
                    ? { action: 'pick', registryKey: pickedCandidate.key }
                    : { action: 'pick', organisationId: pickedCandidate.organisationId },
                )
          }
        >
          Use the selected one
        </Button>
        <Button className="button button-quiet" isDisabled={busy} onPress={() => void decide({ action: 'not_in_list' })}>
          Not in the list
        </Button>
      </div>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
    </article>
  );
}

/** "not in the database yet" or "already in the database" (apply then settles on that organisation). */
function registryPlaceLabel(candidate: Extract<BatchRowCandidate, { kind: 'registry' }>): string {
  return registryCandidatePlace(candidate) === 'not yet in the database' ? 'not in the database yet' : 'already in the database';
}

/** The registry candidate's first registry identifier as the registry writes it ("ABN 83 806 051 383"). */
function registryIdentifierText(identifiers: readonly { type: string; value: string }[]): string {
  const [first] = registryIdentifierLabels(identifiers);
  return first === undefined ? '' : ` · ${first.type} ${first.value}`;
}
