import { Form, Link } from "react-router";
import type { BannerSlideRecord } from "#contract/admin-taxonomy.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { BannerForm } from "./banner-form.tsx";
import { DeleteConfirm, FormKey, FormMessage, Thumbnail, useAnswer } from "./form-parts.tsx";
import { Section } from "./taxonomy-list-page.tsx";

// /admin/banners: the home page's slides in the order it shows them, each with up and down, show
// or hide, edit and delete; a form adds one. Every button is a form of its own (no JavaScript needed).

const smallButton =
  "inline-flex h-9 min-w-9 cursor-pointer items-center justify-center rounded-full border border-gray-300 px-3 text-sm hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-gray-700 dark:hover:bg-gray-800";

function SlideButton({
  slide,
  intent,
  label,
  srLabel,
  value,
  disabled,
}: {
  slide: BannerSlideRecord;
  intent: string;
  label: string;
  srLabel: string;
  value?: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <FormKey form={`slide:${slide._id}`} intent={intent} id={slide._id} />
      {value !== undefined && <input type="hidden" name="value" value={value} />}
      <button type="submit" className={smallButton} disabled={disabled}>
        <span aria-hidden="true">{label}</span>
        <span className="sr-only">
          {srLabel}: {slide.title}
        </span>
      </button>
    </Form>
  );
}

function SlideItem({ slide, first, last }: { slide: BannerSlideRecord; first: boolean; last: boolean }) {
  const answer = useAnswer(`slide:${slide._id}`);
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3 sm:flex-row sm:items-center dark:border-gray-800">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="w-6 shrink-0 text-right font-semibold text-gray-500 tabular-nums dark:text-gray-400">
          {slide.position}
        </span>
        <Thumbnail src={slide.imageUrl} wide />
        <div className="min-w-0">
          <p className="font-medium">{slide.title}</p>
          <p className="truncate text-gray-600 text-xs dark:text-gray-400">
            {slide.subtitle ? `${slide.subtitle} · ` : ""}
            <span className="break-all">{slide.linkUrl}</span>
          </p>
          <p
            className={`mt-1 inline-block rounded-full px-2 py-0.5 font-semibold text-xs ${
              slide.isEnabled
                ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100"
                : "bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100"
            }`}
          >
            {slide.isEnabled ? "Shown" : "Hidden"}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <SlideButton slide={slide} intent="move" value="up" label="↑" srLabel="Move up" disabled={first} />
        <SlideButton slide={slide} intent="move" value="down" label="↓" srLabel="Move down" disabled={last} />
        <SlideButton
          slide={slide}
          intent="toggle"
          value={slide.isEnabled ? "off" : "on"}
          label={slide.isEnabled ? "Hide" : "Show"}
          srLabel={slide.isEnabled ? "Hide from the home page" : "Show on the home page"}
        />
        <Link to={`/admin/banners/${slide._id}`} className={smallButton}>
          Edit<span className="sr-only">: {slide.title}</span>
        </Link>
        <DeleteConfirm
          form={`delete:${slide._id}`}
          intent="delete"
          id={slide._id}
          what={`the slide '${slide.title}'`}
        />
      </div>
      <FormMessage answer={answer} />
    </li>
  );
}

export function BannersPage({ slides, notice }: { slides: BannerSlideRecord[]; notice?: string }) {
  const created = useAnswer("create");
  const shown = slides.filter((s) => s.isEnabled).length;
  return (
    <div className="flex flex-col gap-5">
      <AdminPageHeader title="Banners" />
      {notice && <FormMessage answer={{ form: "", notice }} />}
      <p className="text-gray-600 text-sm dark:text-gray-400">
        The home page's carousel shows {shown} of {slides.length} {slides.length === 1 ? "slide" : "slides"},
        in this order; the first is also the picture shared links show.
      </p>
      <Section title="New slide" open={Boolean(created)}>
        <BannerForm form="create" intent="create" count={slides.length + 1} submitLabel="Add slide" />
      </Section>
      {slides.length === 0 ? (
        <p className="rounded-lg border border-gray-200 p-6 text-center text-gray-600 dark:border-gray-800 dark:text-gray-400">
          No slides: the home page shows no banner.
        </p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Slides in order">
          {slides.map((slide, i) => (
            <SlideItem key={slide._id} slide={slide} first={i === 0} last={i === slides.length - 1} />
          ))}
        </ol>
      )}
    </div>
  );
}

export function BannerPage({ slide, count }: { slide: BannerSlideRecord; count: number }) {
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm">
        <Link to="/admin/banners" className="underline">
          ← Banners
        </Link>
      </p>
      <AdminPageHeader title={slide.title} />
      <img
        src={slide.imageUrl}
        alt=""
        width={1920}
        height={640}
        className="aspect-[3/1] w-full max-w-3xl rounded-lg border border-gray-200 bg-gray-100 object-cover dark:border-gray-800 dark:bg-gray-800"
      />
      <BannerForm form="slide" intent="update" slide={slide} count={count} submitLabel="Save" />
      <DeleteConfirm form="delete-slide" intent="delete" id={slide._id} what={`the slide '${slide.title}'`} />
    </div>
  );
}
