import { useMemo, useState, type RefObject } from 'react';
import { getUiOptions, type UiSchema } from '@rjsf/utils';
import { pointerToId, topField } from './error-schema';
import { groupsOf } from './ui-groups';
import type { Callbacks } from './form-callbacks';

/**
 * The steps of a stepped form (its ui-schema's groups, when it asks for steps and has more than one): the step shown,
 * going to another, and bringing a field into view (its step first).
 */
export function useSteps(uiSchema: UiSchema, formRef: RefObject<HTMLDivElement | null>, callbacks: RefObject<Callbacks>) {
  const [step, setStep] = useState(0);
  const groups = useMemo(() => groupsOf(uiSchema as Record<string, unknown>), [uiSchema]);
  const stepped = getUiOptions(uiSchema).steps === true && groups.length > 1;
  const lastStep = stepped ? groups.length - 1 : 0;

  function stepOf(pointer: string): number {
    const field = topField(pointer);
    const i = groups.findIndex((g) => g.fields.includes(field));
    return i === -1 ? lastStep : i;
  }

  function focusField(pointer: string): void {
    // Let React render the step and the messages first.
    setTimeout(() => {
      const id = pointerToId(pointer);
      const root = formRef.current;
      const el =
        root?.querySelector<HTMLElement>(`#${CSS.escape(id)}`) ??
        root?.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(id)}"]`) ??
        root?.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}"]`);
      if (el) {
        el.focus();
        el.scrollIntoView?.({ block: 'center' });
      }
    }, 0);
  }

  function goToStep(next: number): void {
    setStep(next);
    callbacks.current.onStepChange?.(next);
    formRef.current?.scrollIntoView?.({ block: 'start' });
    // Move focus to the new step's heading, so keyboard and screen-reader users land on it.
    // (The section heading is the section's focusable-by-script element, whatever its level.)
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('.engine-section > [tabindex="-1"]')?.focus(), 0);
  }

  /** Shows the field at `pointer`: its step (in a stepped form), then the field itself, focused. */
  function showField(pointer: string): void {
    if (stepped) goToStep(stepOf(pointer));
    focusField(pointer);
  }

  return { groups, step, stepped, lastStep, goToStep, focusField, showField };
}
