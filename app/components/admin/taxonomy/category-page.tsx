import { Link, useActionData } from "react-router";
import type { TaxonomyRecord } from "#core/catalog/taxonomy-kinds.ts";
import type { SubcategoryBranch } from "#core/catalog/taxonomy-staff-lists.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { DeleteConfirm, FormMessage, Thumbnail, useAnswer } from "./form-parts.tsx";
import { TaxonomyForm } from "./taxonomy-form.tsx";
import { Section } from "./taxonomy-list-page.tsx";

// /admin/categories/:id: the category's own form, then its tree: each subcategory and, under it,
// its under-subcategories, each with its change and delete forms (folded away) and a form to add one.

export interface CategoryPageData {
  category: TaxonomyRecord;
  tree: SubcategoryBranch[];
  products: number;
  created: boolean;
}

const productsOf = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "product" : "products"}`;

export function CategoryPage({ data }: { data: CategoryPageData }) {
  // The notice of a creation, until the next form on the page answers.
  const answered = useActionData() !== undefined;
  const { category, tree } = data;
  const subs = tree.length;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">
        <Link to="/admin/categories" className="underline">
          ← Categories
        </Link>
      </p>
      <AdminPageHeader title={category.name} />
      {data.created && !answered && (
        <FormMessage answer={{ form: "", notice: `Category '${category.name}' created.` }} />
      )}
      <section aria-labelledby="category-details" className="flex flex-col gap-3">
        <h2 id="category-details" className="flex items-center gap-3 font-semibold text-lg">
          <Thumbnail src={category.image} /> Details
        </h2>
        <p className="text-gray-600 text-sm dark:text-gray-400">
          {productsOf(data.products)} · {subs} {subs === 1 ? "subcategory" : "subcategories"}. A new name is
          what the shop shows and searches at once.
        </p>
        <TaxonomyForm
          form="category"
          intent="update"
          id={category._id}
          defaults={category}
          submitLabel="Save"
        />
        <DeleteConfirm
          form="delete-category"
          intent="delete"
          id={category._id}
          what={`the category '${category.name}'`}
          note="Only a category without products or subcategories can be deleted."
        />
      </section>
      <section aria-labelledby="subcategories" className="flex flex-col gap-3">
        <h2 id="subcategories" className="font-semibold text-lg">
          Subcategories
        </h2>
        <Section title="Add a subcategory" open={Boolean(useAnswer("create-sub"))}>
          <TaxonomyForm form="create-sub" intent="create-subcategory" submitLabel="Add subcategory" />
        </Section>
        {subs === 0 ? (
          <p className="text-gray-600 dark:text-gray-400">No subcategories yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {tree.map((sub) => (
              <SubcategoryItem key={sub._id} sub={sub} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function RecordLine({ record, products }: { record: TaxonomyRecord; products: number }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Thumbnail src={record.image} />
      <div className="min-w-0">
        <p className="truncate font-medium">{record.name}</p>
        <p className="truncate text-gray-600 text-xs dark:text-gray-400">
          <code>{record.slug}</code> · {productsOf(products)}
        </p>
      </div>
    </div>
  );
}

/** Change and delete forms of a subcategory or an under-subcategory, folded until asked for. */
function EditFolds({ record, kind }: { record: TaxonomyRecord; kind: "subcategory" | "under" }) {
  const form = `${kind}:${record._id}`;
  const answer = useAnswer(form);
  return (
    <div className="flex flex-wrap items-start gap-2">
      {answer?.notice && (
        <div className="basis-full">
          <FormMessage answer={answer} />
        </div>
      )}
      <details open={answer?.message ? true : undefined} className="open:basis-full">
        <summary className="inline-flex h-9 cursor-pointer list-none items-center rounded-full border border-gray-300 px-4 font-semibold text-sm hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800">
          Edit<span className="sr-only"> {record.name}</span>
        </summary>
        <div className="mt-2">
          <TaxonomyForm
            form={form}
            intent={kind === "subcategory" ? "update-subcategory" : "update-under"}
            id={record._id}
            defaults={record}
            submitLabel="Save"
          />
        </div>
      </details>
      <DeleteConfirm
        form={`delete-${form}`}
        intent={kind === "subcategory" ? "delete-subcategory" : "delete-under"}
        id={record._id}
        what={`'${record.name}'`}
        note="Only one without products can be deleted."
      />
    </div>
  );
}

function SubcategoryItem({ sub }: { sub: SubcategoryBranch }) {
  const addForm = `create-under:${sub._id}`;
  const added = useAnswer(addForm);
  return (
    <li className="rounded-lg border border-gray-200 p-3 dark:border-gray-800">
      <div className="flex flex-col gap-2">
        <RecordLine record={sub} products={sub.products} />
        <EditFolds record={sub} kind="subcategory" />
      </div>
      <div className="mt-3 border-gray-200 border-l-2 pl-3 dark:border-gray-700">
        <h3 className="font-semibold text-sm">Under-subcategories of {sub.name}</h3>
        {sub.underSubcategories.length === 0 ? (
          <p className="text-gray-600 text-sm dark:text-gray-400">None yet.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {sub.underSubcategories.map((under) => (
              <li
                key={under._id}
                className="flex flex-col gap-2 border-gray-100 border-b pb-2 dark:border-gray-800"
              >
                <RecordLine record={under} products={under.products} />
                <EditFolds record={under} kind="under" />
              </li>
            ))}
          </ul>
        )}
        <details className="mt-2" open={added ? true : undefined}>
          <summary className="cursor-pointer text-sm underline">
            Add an under-subcategory to {sub.name}
          </summary>
          <div className="mt-2">
            <TaxonomyForm
              form={addForm}
              intent="create-under"
              submitLabel="Add"
              hidden={<input type="hidden" name="parent" value={sub._id} />}
            />
          </div>
        </details>
      </div>
    </li>
  );
}
