const worker = new Worker('reader.js');
worker.onmessage = (e) => {
  document.querySelector('#status').textContent = String(e.data);
};
document.querySelector('#file').onchange = (e) => worker.postMessage(e.target.files[0]);
