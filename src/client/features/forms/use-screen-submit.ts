/**
 * What sending a form screen does: the request its config names, then success as the screen says (a session, a
 * page, a popup or toast) or the refusal where it belongs (under the fields, a notice, a failure at the form, a
 * dialog); and a panel's reason the form may not send yet.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FieldError } from '../../../shared/validation/errors';
import type { Screen } from '../../config';
import { ApiError, request } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { fillPath, readSource, type TemplateSources } from '../../lib/template';
import type { Message } from '../../components/MessageDialog';
import { useToast } from '../../components/Toast';
import { useWords } from '../../lib/words';
import type { Draft } from './use-draft';

type Data = Record<string, unknown>;

function renameKeys(data: Data, rename: Record<string, string | undefined> | undefined): Data {
  if (!rename) return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [rename[k] ?? k, v]));
}

/** Maps API field names back to form field names in error paths (the reverse of `rename`). */
function unrenameErrors(errors: FieldError[], rename: Record<string, string | undefined> | undefined): FieldError[] {
  if (!rename) return errors;
  const back = Object.fromEntries(Object.entries(rename).map(([k, v]) => [v, k]));
  return errors.map((e) => {
    const [, first = '', ...rest] = e.path.split('/');
    return back[first] ? { ...e, path: ['', back[first], ...rest].join('/') } : e;
  });
}

/** The sending of a screen's form: `onSubmit` sends the data, `settle` takes an answer already on its way. */
export function useScreenSubmit({ screen, editParam, sources, draft }: { screen: Screen; editParam: string | null; sources: TemplateSources; draft: Draft }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { me, signIn } = useAuth();
  const toast = useToast();
  const { t } = useWords();
  const submit = editParam ? screen.edit!.submit : screen.submit!;
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  // Once a message has been shown the dialog stays mounted, so it closes with its transition.
  const dialogUsed = useRef(false);
  if (message) dialogUsed.current = true;
  // A refusal said at the form, where the user is looking (not a popup to dismiss).
  const [failure, setFailure] = useState<Message | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const afterMessage = useRef<(() => void) | null>(null);
  // A panel's reason the form may not send yet (the agreement's risk acknowledgment), and a counter that makes the
  // panel read its state again after a refusal.
  const [blocked, setBlocked] = useState<string | null>(null);
  const [panelRefresh, setPanelRefresh] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const lastBlocked = useRef<string | null>(null);
  useEffect(() => {
    // The reason is gone (acknowledged): so is the notice that said it.
    if (blocked) lastBlocked.current = blocked;
    else setNotice((n) => (n !== null && n === lastBlocked.current ? null : n));
  }, [blocked]);

  async function onSubmit(data: Data) {
    if (blocked) {
      setFailure(null);
      setNotice(blocked);
      setTimeout(() => noticeRef.current?.scrollIntoView?.({ block: 'center' }), 0);
      return;
    }
    setProgress(submit.progress ? 0 : null);
    const onUploadProgress = submit.progress ? setProgress : undefined;
    // (A path that cannot be filled is a failure said like the server's.) The screen config names the call: its answer
    // is read as data (its `token`, `message`, the fields it names).
    await settle((async () => (await request(submit.method, fillPath(submit.path, sources), renameKeys(data, submit.rename), { onUploadProgress })) as Data)(), data);
  }

  /** What a submit's answer does: success moves on as the screen says; a refusal is shown where it belongs. */
  async function settle(sending: Promise<Data>, data: Data) {
    setBusy(true);
    setNotice(null);
    setServerErrors([]);
    setFailure(null);
    try {
      const answer = await sending;
      await draft.discard();
      const success = screen.success ?? {};
      // A new session starts when the user moves on: signing in at once would let the guest-only guard of this
      // screen replace it before the popup is read.
      const token = success.session === 'start' && typeof answer.token === 'string' ? answer.token : null;
      const from = (location.state as { from?: string } | null)?.from;
      const next = success.returnToOrigin && from ? from : success.navigate ? fillPath(success.navigate, { ...sources, response: answer, data }) : null;
      const state = success.state
        ? Object.fromEntries(Object.entries(success.state).map(([k, ref]) => [k, readSource(ref!, { ...sources, response: answer, data })]))
        : undefined;
      const go = async () => {
        if (token) await signIn(token);
        if (next) navigate(next, { state, replace: success.session === 'start' });
      };
      if (success.popup?.dialog) {
        const text = success.popup.text === 'response.message' ? String(answer.message ?? '') : success.popup.text && t(success.popup.text);
        afterMessage.current = () => void go();
        setMessage({ title: t(success.popup.title), text, tone: 'success' });
      } else if (success.popup) {
        const text = success.popup.text === 'response.message' ? String(answer.message ?? '') : success.popup.text && t(success.popup.text);
        toast({ title: t(success.popup.title), text, tone: 'success' });
        await go();
      } else {
        await go();
      }
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, String(err));
      if (e.network) {
        setNotice(e.message);
      } else if (e.status === 400 && e.errors.length > 0) {
        setServerErrors(unrenameErrors(e.errors, submit.rename));
        setNotice(e.message);
      } else if (e.status !== 401 || !me) {
        if (e.status === 409 && screen.panel) setPanelRefresh((n) => n + 1);
        const failure = screen.failure ?? { title: 'Something went wrong', showServerMessage: true };
        const showText = failure.showServerMessage || e.status !== 401;
        const said: Message = { title: t(failure.title), text: showText ? e.message : undefined, tone: 'error' };
        if (failure.dialog) setMessage(said);
        else {
          setFailure(said);
          setTimeout(() => failureRef.current?.scrollIntoView?.({ block: 'center' }), 0);
        }
      }
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return {
    onSubmit,
    settle,
    busy,
    progress,
    serverErrors,
    notice,
    noticeRef,
    failure,
    failureRef,
    closeFailure: () => setFailure(null),
    message,
    /** Once a message has been shown the dialog stays mounted, so it closes with its transition. */
    dialogUsed: dialogUsed.current,
    closeMessage() {
      setMessage(null);
      const next = afterMessage.current;
      afterMessage.current = null;
      next?.();
    },
    setBlocked,
    panelRefresh,
  };
}
