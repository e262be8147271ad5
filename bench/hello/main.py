"""Hello world on the main thread, then a hello-world worker (bench/load.py's floor)."""

from pyscript import create_named_worker, document

document.getElementById("out").textContent = "hello world"
document.body.setAttribute("data-ready", "true")

worker = await create_named_worker(src="./worker.py", name="hello", config="./worker.json")  # noqa: F704
document.getElementById("out").textContent = await worker.hello()  # noqa: F704
document.body.setAttribute("data-ai", "ready")
