/**
 * The fake's MercadoPago.js v2: the subset the shop's card form uses, with the real SDK's shape
 * (`new MercadoPago(publicKey, {locale})`, `mp.fields.create(type, {placeholder}).mount(id)`,
 * `.on('binChange' | 'validityChange' | 'focus' | 'blur' | 'ready' | 'change', cb)`, `.unmount()`,
 * `mp.fields.createCardToken({cardholderName, identificationType, identificationNumber})`,
 * `mp.getPaymentMethods({bin})`, `mp.getInstallments({amount, bin})`,
 * `mp.getIdentificationTypes()`). As in the real one, the card's number, expiry and CVV are typed
 * into iframes served from the fake's own origin: the page never reads them. The number's iframe
 * tokenizes, reading its sibling iframes (same origin) through parent.frames and posting to
 * /v1/card_tokens; the page gets only the token, by postMessage.
 */

export const FAKE_SDK_FIELD_TYPES = ['cardNumber', 'expirationDate', 'securityCode'] as const;
export type FakeSdkFieldType = (typeof FAKE_SDK_FIELD_TYPES)[number];

/** The script at GET /js/v2, for pages loading it from `origin`. */
export function fakeSdkScript(origin: string): string {
  return `/* Fake MercadoPago.js v2 (tests and local trials only). */
(function () {
  'use strict';
  var ORIGIN = ${JSON.stringify(origin)};
  var FIELD_TYPES = ${JSON.stringify(FAKE_SDK_FIELD_TYPES)};
  var counter = 0;
  var fields = {};
  var pending = {};

  function nextId(prefix) {
    counter += 1;
    return prefix + '-' + Date.now().toString(36) + '-' + counter;
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== ORIGIN) return;
    var message = event.data;
    if (!message || message.source !== 'fake-mercadopago-field') return;
    if (message.requestId) {
      var waiting = pending[message.requestId];
      if (!waiting) return;
      delete pending[message.requestId];
      if (message.error) waiting.reject(message.error);
      else waiting.resolve(message.result);
      return;
    }
    var field = fields[message.fieldId];
    if (field) field._emit(message.event, message.data);
  });

  function Field(owner, type, options) {
    this._owner = owner;
    this._type = type;
    this._options = options || {};
    this._id = nextId(type);
    this._listeners = {};
    this._iframe = null;
  }
  Field.prototype.mount = function (containerId) {
    var container = document.getElementById(containerId);
    if (!container) throw new Error('MercadoPago.js - container not found: ' + containerId);
    var params = new URLSearchParams({
      field_id: this._id,
      parent_origin: window.location.origin,
      public_key: this._owner._publicKey,
      placeholder: this._options.placeholder || '',
    });
    var iframe = document.createElement('iframe');
    iframe.src = ORIGIN + '/js/v2/fields/' + this._type + '?' + params.toString();
    iframe.name = 'mercadopago-' + this._type;
    iframe.title = this._type;
    iframe.setAttribute('frameborder', '0');
    iframe.setAttribute('allowtransparency', 'true');
    iframe.style.cssText = 'border:0;width:100%;height:100%;display:block;background:transparent';
    container.appendChild(iframe);
    this._iframe = iframe;
    fields[this._id] = this;
    return this;
  };
  Field.prototype.unmount = function () {
    if (this._iframe) this._iframe.remove();
    this._iframe = null;
    delete fields[this._id];
    return this;
  };
  Field.prototype.on = function (event, callback) {
    (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };
  Field.prototype.update = function (options) {
    this._post({ type: 'update', options: options || {} });
    return this;
  };
  Field.prototype.focus = function () {
    this._post({ type: 'focus' });
    return this;
  };
  Field.prototype._post = function (message) {
    if (!this._iframe || !this._iframe.contentWindow) return false;
    message.source = 'fake-mercadopago-sdk';
    this._iframe.contentWindow.postMessage(message, ORIGIN);
    return true;
  };
  Field.prototype._emit = function (event, data) {
    (this._listeners[event] || []).forEach(function (callback) {
      callback(data);
    });
  };

  function request(publicKey, path, params) {
    var url = new URL(ORIGIN + path);
    url.searchParams.set('public_key', publicKey);
    Object.keys(params || {}).forEach(function (name) {
      if (params[name] !== undefined && params[name] !== null) url.searchParams.set(name, String(params[name]));
    });
    return fetch(url.toString()).then(function (response) {
      return response.json().then(function (body) {
        if (response.ok) return body;
        throw [{ code: String(response.status), message: body && body.message }];
      });
    });
  }

  function MercadoPago(publicKey, options) {
    if (!(this instanceof MercadoPago)) throw new Error('MercadoPago.js - use new MercadoPago()');
    if (!publicKey) throw new Error('MercadoPago.js - a public key is required');
    var self = this;
    this._publicKey = publicKey;
    this._options = options || {};
    this.fields = {
      create: function (type, fieldOptions) {
        if (FIELD_TYPES.indexOf(type) < 0) throw new Error('MercadoPago.js - invalid field type: ' + type);
        return new Field(self, type, fieldOptions);
      },
      createCardToken: function (data) {
        var number = Object.keys(fields)
          .map(function (id) { return fields[id]; })
          .filter(function (field) { return field._owner === self && field._type === 'cardNumber'; })[0];
        return new Promise(function (resolve, reject) {
          var requestId = nextId('token');
          pending[requestId] = { resolve: resolve, reject: reject };
          var sent = number && number._post({ type: 'createCardToken', requestId: requestId, data: data || {} });
          if (!sent) {
            delete pending[requestId];
            reject([{ code: 'fields_not_mounted', message: 'cardNumber field is not mounted' }]);
          }
        });
      },
    };
  }
  MercadoPago.prototype.getPaymentMethods = function (params) {
    return request(this._publicKey, '/v1/payment_methods/search', { bins: params && params.bin });
  };
  MercadoPago.prototype.getInstallments = function (params) {
    params = params || {};
    return request(this._publicKey, '/v1/payment_methods/installments', {
      amount: params.amount,
      bin: params.bin,
      payment_type_id: params.paymentTypeId,
    });
  };
  MercadoPago.prototype.getIdentificationTypes = function () {
    return request(this._publicKey, '/v1/identification_types');
  };
  MercadoPago.prototype.getIssuers = function (params) {
    params = params || {};
    return request(this._publicKey, '/v1/payment_methods/card_issuers', {
      payment_method_id: params.paymentMethodId,
      bin: params.bin,
    });
  };
  window.MercadoPago = MercadoPago;
})();
`;
}

const FIELD_INPUT: Record<FakeSdkFieldType, { autocomplete: string; label: string }> = {
  cardNumber: { autocomplete: 'cc-number', label: 'Número do cartão' },
  expirationDate: { autocomplete: 'cc-exp', label: 'Validade (MM/AA)' },
  securityCode: { autocomplete: 'cc-csc', label: 'Código de segurança' },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * One secure field's page (GET /js/v2/fields/:type): an input in the fake's origin that tells the
 * page only its events; the number's page also makes the token.
 */
export function fakeSdkFieldPage(
  type: FakeSdkFieldType,
  query: { field_id?: string; parent_origin?: string; public_key?: string; placeholder?: string },
): string {
  const input = FIELD_INPUT[type];
  const config = {
    type,
    fieldId: query.field_id ?? '',
    parentOrigin: query.parent_origin ?? '',
    publicKey: query.public_key ?? '',
  };
  // JSON in a script: '<' escaped so no value closes the tag.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(input.label)}</title>
<style>
html,body{margin:0;height:100%;background:transparent;overflow:hidden}
input{box-sizing:border-box;width:100%;height:100%;border:0;outline:0;margin:0;padding:0 12px;background:transparent;color:#1f1a17;font:16px/1.2 system-ui,-apple-system,"Segoe UI",sans-serif}
input::placeholder{color:#8a8079}
</style></head>
<body><input id="field" data-field="${type}" inputmode="numeric" autocomplete="${input.autocomplete}" aria-label="${escapeHtml(input.label)}" placeholder="${escapeHtml(query.placeholder ?? '')}">
<script>
(function () {
  'use strict';
  var C = ${json};
  var input = document.getElementById('field');
  var lastBin;
  var lastValid;
  function post(message) {
    message.source = 'fake-mercadopago-field';
    parent.postMessage(message, C.parentOrigin);
  }
  function emit(event, data) {
    post({ fieldId: C.fieldId, event: event, data: data });
  }
  function digits(value) {
    return value.replace(/\\D/g, '');
  }
  function format(value) {
    var d = digits(value);
    if (C.type === 'cardNumber') return d.slice(0, 19).replace(/(\\d{4})(?=\\d)/g, '$1 ');
    if (C.type === 'expirationDate') {
      d = d.slice(0, 4);
      return d.length > 2 ? d.slice(0, 2) + '/' + d.slice(2) : d;
    }
    return d.slice(0, 4);
  }
  function errors() {
    var d = digits(input.value);
    if (C.type === 'cardNumber') {
      return d.length >= 13 && d.length <= 19 ? [] : [{ message: 'invalid_length', cause: 'invalid_length' }];
    }
    if (C.type === 'expirationDate') {
      var month = Number(d.slice(0, 2));
      return d.length === 4 && month >= 1 && month <= 12 ? [] : [{ message: 'invalid_value', cause: 'invalid_value' }];
    }
    return d.length >= 3 ? [] : [{ message: 'invalid_length', cause: 'invalid_length' }];
  }
  input.addEventListener('input', function () {
    input.value = format(input.value);
    if (C.type === 'cardNumber') {
      var d = digits(input.value);
      var bin = d.length >= 8 ? d.slice(0, 8) : undefined;
      if (bin !== lastBin) {
        lastBin = bin;
        emit('binChange', { bin: bin, field: C.type });
      }
    }
    var problems = errors();
    var valid = problems.length === 0;
    if (valid !== lastValid) {
      lastValid = valid;
      emit('validityChange', { field: C.type, errorMessages: problems });
    }
    emit('change', { field: C.type });
  });
  input.addEventListener('focus', function () { emit('focus', { field: C.type }); });
  input.addEventListener('blur', function () {
    emit('blur', { field: C.type });
    emit('validityChange', { field: C.type, errorMessages: errors() });
  });
  function sibling(type) {
    for (var i = 0; i < parent.frames.length; i += 1) {
      try {
        var found = parent.frames[i].document.querySelector('input[data-field="' + type + '"]');
        if (found) return found.value;
      } catch (notOurs) {
        // A frame of another origin (the page's own, another service): not a sibling field.
      }
    }
    return null;
  }
  function reply(requestId, result, error) {
    post({ requestId: requestId, result: result, error: error });
  }
  function tokenize(requestId, data) {
    var expiry = sibling('expirationDate');
    var cvv = sibling('securityCode');
    if (expiry === null || cvv === null) {
      return reply(requestId, null, [{ code: 'fields_not_mounted', message: 'expirationDate and securityCode must be mounted' }]);
    }
    var problems = errors();
    var exp = /^(\\d{2})\\/(\\d{2})$/.exec(expiry);
    if (problems.length > 0) return reply(requestId, null, [{ code: '205', message: 'invalid card number', field: 'cardNumber' }]);
    if (!exp) return reply(requestId, null, [{ code: '208', message: 'invalid expiration date', field: 'expirationDate' }]);
    if (digits(cvv).length < 3) return reply(requestId, null, [{ code: 'E302', message: 'invalid security code', field: 'securityCode' }]);
    fetch('/v1/card_tokens?public_key=' + encodeURIComponent(C.publicKey), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: digits(input.value),
        security_code: digits(cvv),
        expiration_month: Number(exp[1]),
        expiration_year: 2000 + Number(exp[2]),
        cardholder: {
          name: data.cardholderName,
          identification: { type: data.identificationType, number: data.identificationNumber },
        },
      }),
    }).then(function (response) {
      return response.json().then(function (body) {
        if (response.ok) reply(requestId, body, null);
        else reply(requestId, null, [{ code: String(response.status), message: body && body.message }]);
      });
    }, function () {
      reply(requestId, null, [{ code: 'network', message: 'network error' }]);
    });
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== C.parentOrigin) return;
    var message = event.data;
    if (!message || message.source !== 'fake-mercadopago-sdk') return;
    if (message.type === 'focus') input.focus();
    if (message.type === 'update' && message.options && message.options.placeholder) {
      input.placeholder = message.options.placeholder;
    }
    if (message.type === 'createCardToken' && C.type === 'cardNumber') {
      tokenize(message.requestId, message.data || {});
    }
  });
  emit('ready', { field: C.type });
})();
</script></body></html>
`;
}
