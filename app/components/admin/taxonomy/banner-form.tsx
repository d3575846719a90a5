import { Form } from "react-router";
import { type BannerSlideRecord, MAX_BANNER_POSITION } from "#contract/admin-taxonomy.ts";
import { AdminField, FormKey, FormMessage, ImageFields, SaveButton, useAnswer } from "./form-parts.tsx";

/** A banner slide's form: a new slide (last unless a position is given) or a change to one. */
export function BannerForm({
  form,
  intent,
  slide,
  count,
  submitLabel,
}: {
  form: string;
  intent: string;
  slide?: BannerSlideRecord;
  /** How many slides there are: the highest position a slide can take. */
  count: number;
  submitLabel: string;
}) {
  const answer = useAnswer(form);
  const enabledId = `${form}-isEnabled`;
  // After a refused post, the checkbox shows what was sent (an unchecked box sends nothing).
  const enabled = answer?.values ? answer.values.isEnabled === "on" : (slide?.isEnabled ?? true);
  return (
    <Form method="post" className="flex flex-col gap-3" noValidate>
      <FormKey form={form} intent={intent} id={slide?._id} />
      <FormMessage answer={answer} />
      <div className="grid gap-3 sm:grid-cols-2">
        <AdminField
          form={form}
          name="title"
          label="Title"
          answer={answer}
          defaultValue={slide?.title}
          required
          maxLength={200}
          hint="What the picture says; read out as its alternative text."
        />
        <AdminField
          form={form}
          name="subtitle"
          label="Subtitle (optional)"
          answer={answer}
          defaultValue={slide?.subtitle}
          maxLength={200}
        />
        <ImageFields
          form={form}
          name="imageUrl"
          answer={answer}
          defaultValue={slide?.imageUrl}
          required
          hint="3:1, such as /images/banners/1.webp, or an https URL."
        />
        <AdminField
          form={form}
          name="linkUrl"
          label="Link"
          answer={answer}
          defaultValue={slide?.linkUrl ?? "/search/?page=1"}
          required
          inputMode="url"
          autoComplete="off"
          hint="A page of the shop (/search/?page=1) or an https URL."
        />
        <AdminField
          form={form}
          name="position"
          label="Position (optional)"
          answer={answer}
          defaultValue={slide ? String(slide.position) : ""}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.min(MAX_BANNER_POSITION, Math.max(count, 1))}
          hint={slide ? "1 is shown first." : "Empty: after the others. 1 is shown first."}
        />
        <div className="flex items-center gap-2 self-end pb-2">
          <input
            id={enabledId}
            name="isEnabled"
            type="checkbox"
            defaultChecked={enabled}
            className="size-5 accent-brand"
            aria-describedby={answer?.fields?.isEnabled ? `${enabledId}-error` : undefined}
          />
          <label htmlFor={enabledId} className="font-medium text-sm">
            Shown on the home page
          </label>
          {answer?.fields?.isEnabled && (
            <p id={`${enabledId}-error`} className="text-red-700 text-sm dark:text-red-400">
              {answer.fields.isEnabled}
            </p>
          )}
        </div>
      </div>
      <div>
        <SaveButton form={form} label={submitLabel} />
      </div>
    </Form>
  );
}
