"""The notebooks of examples/notebooks, run from the first cell to the
last in a real Jupyter kernel (nbclient and ipykernel, test
requirements) from their own folder, as a reader runs them. Each states
its key results as asserts in its cells (a period found, a count of rare
values, a sum predicted and checked), so a run that raises fails here;
then their outputs are checked: a plot drew a picture and every
notebook's last cell ended with its summary line."""

import pathlib

import nbclient
import nbformat
import pytest

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[3] / "examples" / "notebooks"
FOUND = sorted(NOTEBOOKS.glob("*.ipynb"))


def test_there_are_three_notebooks_at_least():
    assert len(FOUND) >= 3, FOUND


@pytest.mark.parametrize("path", FOUND, ids=[p.stem for p in FOUND])
def test_the_notebook_runs_and_its_results_hold(path):
    notebook = nbformat.read(path, as_version=4)
    # No output kept from an earlier run can pass for this one.
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs = []
    client = nbclient.NotebookClient(
        notebook,
        timeout=900,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()  # raises CellExecutionError on a failed assert
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    pictures = [o for o in outputs if "image/png" in o.get("data", {})]
    assert pictures, f"{path.name} drew no picture"
    last = [c for c in notebook.cells if c.cell_type == "code"][-1]
    printed = "".join(o.get("text", "") for o in last.outputs if o.output_type == "stream")
    assert printed.strip().splitlines()[-1].startswith("checked:"), printed
