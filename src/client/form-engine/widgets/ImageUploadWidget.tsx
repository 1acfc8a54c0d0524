import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { inputAria } from '../templates/aria';
import { fileNameOf, readFileAsDataUrl } from '../file-data-url';
import { isPdfOrImage, isPngOrJpeg, notAnImageMessage } from '../image-sniff';
import type { EngineContext } from '../engine-context';
import { useFormLanguage } from '../language';
import { engineMessage, engineNamed } from '../../../shared/i18n/messages';

/** Accepted types, as the schemas say: png, jpeg, jpg (and pdf for a document field). */
const ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
const ACCEPT_DOCUMENT = `application/pdf,.pdf,${ACCEPT}`;

/**
 * An image upload with a preview, or (a field marked `"x-upload": "document"`) a document upload that also takes a
 * PDF, shown by its name. The value is a named `data:` URL (a new file) or `file:<id>` (a file the server
 * already holds, shown through the form context's `fileUrl`). Type and size rules come from the schema.
 */
export default function ImageUploadWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, rawErrors = [], onChange, onBlur, registry, schema } = props;
  const context = registry.formContext as EngineContext | undefined;
  const text = typeof value === 'string' ? value : '';
  const [progress, setProgress] = useState<number | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [storedUrl, setStoredUrl] = useState<string | null>(null);
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    setStoredUrl(null);
    if (text.startsWith('file:') && context?.fileUrl) {
      context.fileUrl(text.slice(5)).then(
        (url) => live && setStoredUrl(url),
        () => live && setStoredUrl(null),
      );
    }
    return () => {
      live = false;
    };
  }, [text, context]);

  const isDocument = (schema as { 'x-upload'?: unknown })['x-upload'] === 'document';
  // A stored document may be a PDF: it is named, not previewed (an <img> of a PDF is a broken image).
  const previewSrc = text.startsWith('data:image/') ? text : isDocument ? null : storedUrl;
  const language = useFormLanguage();
  const say = (words: string) => engineMessage(words, language);
  const name = text.startsWith('data:') ? fileNameOf(text) : text.startsWith('file:') ? say('Stored file') : undefined;
  const shownLabel = labelValue(label, hideLabel) ?? say(isDocument ? 'File' : 'Image');

  async function choose(file: File | undefined): Promise<void> {
    if (!file) return;
    setReadError(null);
    setProgress(0);
    try {
      // Refused by content before any preview: the current value (if any) stays.
      if (!(await (isDocument ? isPdfOrImage(file) : isPngOrJpeg(file)))) {
        setReadError(notAnImageMessage(schema));
        return;
      }
      const url = await readFileAsDataUrl(file, setProgress);
      onChange(url);
      onBlur(id, url);
    } catch {
      setReadError(say('The file could not be read. Choose it again.'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <FormLabel htmlFor={inputId} required={required} error={rawErrors.length > 0 || Boolean(readError)}>
        {shownLabel}
      </FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {/* A real button that opens the hidden file input, so Enter and Space open the picker (a <label> styled as a
            button takes focus but ignores the keyboard). */}
        <Button
          variant="outlined"
          disabled={disabled || readonly}
          data-field-id={id}
          aria-label={engineNamed(text ? 'replace' : 'choose', shownLabel, language)}
          aria-describedby={[inputAria(props)['aria-describedby'], readError ? `${id}__read-error` : null].filter(Boolean).join(' ') || undefined}
          onClick={() => fileInput.current?.click()}
        >
          {say(text ? (isDocument ? 'Replace file' : 'Replace image') : isDocument ? 'Choose file' : 'Choose image')}
        </Button>
        <input
          ref={fileInput}
          id={inputId}
          data-field-input={id}
          type="file"
          accept={isDocument ? ACCEPT_DOCUMENT : ACCEPT}
          hidden
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {text && !disabled && !readonly && (
          <Button
            variant="text"
            color="inherit"
            onClick={() => {
              onChange(undefined);
              onBlur(id, undefined);
            }}
          >
            {say('Remove')}
          </Button>
        )}
        {name && (
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {name}
          </Typography>
        )}
      </Box>
      {progress !== null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={engineNamed('reading', shownLabel, language)} />}
      {readError && (
        <Typography id={`${id}__read-error`} variant="body2" color="error" role="alert">
          {readError}
        </Typography>
      )}
      {previewSrc && (
        <Box
          component="img"
          src={previewSrc}
          alt={engineNamed('preview', shownLabel, language)}
          sx={{ maxWidth: 240, maxHeight: 180, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      )}
    </Box>
  );
}
