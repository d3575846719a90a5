import { data, redirect } from "react-router";
import { ID_PATTERN } from "#contract/query.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError } from "#core/errors.ts";
import type { Staff } from "#core/staff/roles.ts";
import {
  createBannerSlide,
  deleteBannerSlide,
  getBannerSlide,
  listBannerSlidesForStaff,
  moveBannerSlide,
  updateBannerSlide,
} from "#core/storefront/banner-edits.ts";
import { bannerCreateForm, bannerUpdateForm, formValues, submit } from "./taxonomy-forms.server.ts";

// Loaders and actions of /admin/banners and /admin/banners/:id (docs/back-office/taxonomy.md#banners),
// over the core functions the staff API calls.

const NOTICES: Record<string, string> = {
  created: "Slide added.",
  deleted: "Slide deleted.",
};

export async function loadBanners(request: Request, core: CoreContext, staff: Staff) {
  const slides = await listBannerSlidesForStaff(core, staff);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return { slides, notice: NOTICES[done] };
}

export async function loadBanner(core: CoreContext, staff: Staff, id: string | undefined) {
  if (!id || !ID_PATTERN.test(id)) throw data({ message: "There is no such slide." }, { status: 404 });
  try {
    const [slide, slides] = await Promise.all([
      getBannerSlide(core, staff, id),
      listBannerSlidesForStaff(core, staff),
    ]);
    return { slide, count: slides.length };
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found")
      throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

/** The list's forms: add a slide; move, show or hide, delete one. */
export async function bannersAction(core: CoreContext, staff: Staff, form: FormData) {
  const values = formValues(form);
  const key = values.form ?? "";
  const id = values.id ?? "";
  switch (values.intent) {
    case "create": {
      const checked = bannerCreateForm(key, values);
      if (!checked.ok) return checked.answer;
      return submit(
        key,
        values,
        () => createBannerSlide(core, staff, checked.data),
        () => redirect("/admin/banners?done=created"),
      );
    }
    case "move":
      return submit(
        key,
        values,
        () => moveBannerSlide(core, staff, id, values.value === "up" ? "up" : "down"),
        (s) => `'${s.title}' is now number ${s.position}.`,
      );
    case "toggle":
      return submit(
        key,
        values,
        () => updateBannerSlide(core, staff, id, { isEnabled: values.value === "on" }),
        (s) => (s.isEnabled ? `'${s.title}' is shown.` : `'${s.title}' is hidden.`),
      );
    case "delete":
      return submit(
        key,
        values,
        () => deleteBannerSlide(core, staff, id),
        () => redirect("/admin/banners?done=deleted"),
      );
  }
  throw data({ message: "Unknown form." }, { status: 400 });
}

/** A slide's page: change it, or delete it. */
export async function bannerAction(core: CoreContext, staff: Staff, form: FormData, id: string) {
  const values = formValues(form);
  const key = values.form ?? "";
  if (values.intent === "delete")
    return submit(
      key,
      values,
      () => deleteBannerSlide(core, staff, id),
      () => redirect("/admin/banners?done=deleted"),
    );
  const checked = bannerUpdateForm(key, values);
  if (!checked.ok) return checked.answer;
  return submit(
    key,
    values,
    () => updateBannerSlide(core, staff, id, checked.data),
    () => "Saved.",
  );
}
