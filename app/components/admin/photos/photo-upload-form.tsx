import { type DragEvent, useRef, useState } from "react";
import { Form } from "react-router";
import { useBusy } from "#app/components/form-controls.tsx";
import { MAX_PHOTO_BYTES, MIN_PHOTO_SIDE, PHOTO_ACCEPT, PHOTO_MESSAGES } from "#contract/admin-photos.ts";

/**
 * The upload: a plain file input in a multipart form, which works without JavaScript. With it, a
 * file dropped on the form is put in the input and sent at once, and a file over the size limit is
 * refused before it travels (the server checks everything again, by content).
 */
export function PhotoUploadForm({ error }: { error?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [dragging, setDragging] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  const busy = useBusy("upload");
  const shown = tooLarge ? PHOTO_MESSAGES.bytes : error;

  const fits = (file: File | undefined) => {
    const ok = !file || file.size <= MAX_PHOTO_BYTES;
    setTooLarge(!ok);
    return ok;
  };
  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = event.dataTransfer.files;
    if (!input.current || files.length === 0) return;
    input.current.files = files;
    if (fits(files[0])) form.current?.requestSubmit();
  };

  return (
    <Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onSubmit={(event) => {
        if (!fits(input.current?.files?.[0])) event.preventDefault();
      }}
      className={`flex flex-col gap-3 rounded-xl border-2 border-dashed p-4 sm:flex-row sm:items-end ${
        dragging
          ? "border-gray-900 bg-gray-50 dark:border-gray-100 dark:bg-gray-800"
          : "border-gray-300 dark:border-gray-700"
      }`}
    >
      <input type="hidden" name="intent" value="upload" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor="field-photo" className="font-medium text-sm">
          Add a photo
        </label>
        <input
          ref={input}
          id="field-photo"
          name="photo"
          type="file"
          accept={PHOTO_ACCEPT}
          required
          onChange={(event) => fits(event.currentTarget.files?.[0])}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? "field-photo-hint field-photo-error" : "field-photo-hint"}
          className="text-sm file:mr-3 file:rounded-lg file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:text-gray-900 dark:file:border-gray-700 dark:file:bg-gray-900 dark:file:text-gray-100"
        />
        <p id="field-photo-hint" className="text-gray-600 text-sm dark:text-gray-400">
          JPEG, PNG, WebP or AVIF, up to {MAX_PHOTO_BYTES / 1024 / 1024} MB, at least {MIN_PHOTO_SIDE} px on
          the short side. You can also drop a file here.
        </p>
        {shown && (
          <p id="field-photo-error" className="text-red-700 text-sm dark:text-red-400">
            {shown}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="h-11 rounded-lg bg-gray-900 px-4 font-semibold text-sm text-white disabled:opacity-60 dark:bg-gray-100 dark:text-gray-900"
      >
        {busy ? "Uploading…" : "Upload photo"}
      </button>
    </Form>
  );
}
